/** PostgreSQL's codes for a server shutting down or not yet accepting connections, and Node's for a refused or broken socket. */
const CONNECTION_FAILURES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Whether a query failed because its database server could not be reached or went away (class 08 too), not because of the query. */
export function isConnectionFailure(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_FAILURES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/.test(message)) return true;
  }
  return false;
}
