// What other features use of transfers.
export * from './components/request-dialog';
export * from './components/transfer-badges';
