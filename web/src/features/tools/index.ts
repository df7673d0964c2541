// What other features use of tools.
export * from './api/tools';
