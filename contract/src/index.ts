export * from './audit';
export * from './auth';
export * from './common';
export * from './ledger';
export * from './movements';
export * from './reports';
export * from './stores';
export * from './users';
