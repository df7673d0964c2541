// What other features use of replenishment.
export * from './components/low-stock-badge';
export * from './components/reorder-button';
export * from './components/reorder-dialog';
