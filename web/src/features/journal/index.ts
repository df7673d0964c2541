// What other features use of the journal.
export * from './api/journal';
