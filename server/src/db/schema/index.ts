export * from './audit';
export * from './auth';
export * from './counts';
export * from './custody';
export * from './ledger';
export * from './settings';
export * from './stores';
