// What other features use of sessions.
export * from './components/session-list';
