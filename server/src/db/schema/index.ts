export * from './audit';
export * from './auth';
export * from './counts';
export * from './ledger';
export * from './settings';
export * from './stores';
