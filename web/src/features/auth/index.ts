// What other features use of auth.
export * from './api/logout';
export * from './api/mfa';

/** The authenticator set-up, loaded only when someone opens it. */
export const loadMfaSetup = () => import('./components/mfa-setup');
