// What other features use of history.
export * from './components/history-button';
export * from './components/lazy-history-dialog';
