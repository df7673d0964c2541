// What other features use of jobs.
export * from './api/jobs';
