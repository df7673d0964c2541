// What other features use of suppliers.
export * from './api/suppliers';
