export type AppErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many_requests';

export const statusOf: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many_requests: 429,
};

/** A failure the client caused or may see; mapped to its HTTP status in one error handler. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** What exactly was wrong, where there is more than one thing: sent as `issues`, like a validation error's. */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that says when to try again (sent as Retry-After, in seconds). */
export class TooManyAttempts extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message);
  }
}

/** The SQLSTATE of a database error, looking through the wrappers drivers and Drizzle add. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const DEADLOCK_DETECTED = '40P01';
export const SERIALIZATION_FAILURE = '40001';
export const FOREIGN_KEY_VIOLATION = '23503';
export const QUERY_CANCELED = '57014';
