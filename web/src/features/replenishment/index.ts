// What other features use of replenishment.

export * from './components/expiring-badge';
export * from './components/lazy-reorder-dialog';
export * from './components/low-stock-badge';
export * from './components/reorder-button';
