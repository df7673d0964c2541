export * from './audit';
export * from './auth';
export * from './counts';
export * from './custody';
export * from './ledger';
export * from './reorder';
export * from './settings';
export * from './stores';
