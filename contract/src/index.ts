export * from './auth';
export * from './common';
export * from './stores';
export * from './users';
