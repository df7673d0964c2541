// What other features use of custody.
export * from './api/custody';
export * from './components/custody-fields';
export * from './components/overdue-badge';
