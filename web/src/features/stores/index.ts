// What other features use of stores.
export * from './api/stores';
export * from './components/store-select';
