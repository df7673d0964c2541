// What other features use of webhooks.
export * from './api/webhooks';
