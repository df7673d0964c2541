import {
  CHANGED_AT_ONCE,
  DATABASE_UNREACHABLE,
  INVALID_REQUEST,
  INVALID_VALUE,
  SERVER_FAILED,
  SERVER_TOO_SLOW,
  VALUE_CANNOT_BE_STORED,
} from '@stockyard/contract';
import { describeMessage } from '@stockyard/contract/message-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/connection-errors';
import { AppError, databaseErrorCode, QUERY_CANCELED, statusOf, TooManyAttempts, UNIQUE_VIOLATION } from './errors';

/** Every failure leaves as `{ message }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    if (error instanceof AppError) {
      const answer = { message: error.message, ...describeMessage(error.message, error.code) };
      return reply.status(statusOf[error.code]).send(error.issues ? { ...answer, issues: error.issues } : answer);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message ?? INVALID_VALUE,
      }));
      const message = issues[0]?.message ?? INVALID_REQUEST;
      return reply.status(400).send({ message, ...describeMessage(message, 'invalid_request'), issues });
    }
    // A data exception (SQLSTATE class 22: a value the column cannot hold) is bad input, not a crash.
    if (databaseErrorCode(error)?.startsWith('22')) {
      return reply.status(400).send({ message: VALUE_CANNOT_BE_STORED });
    }
    // Two requests that made the same unique thing at once, where no rule of the feature caught it:
    // the other one's is there, so this one is a conflict to try again, not a crash.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) {
      request.log.warn({ err: error }, 'unique violation answered as a conflict');
      return reply.status(409).send({ message: CHANGED_AT_ONCE, ...describeMessage(CHANGED_AT_ONCE) });
    }
    // A statement PostgreSQL cancelled after STATEMENT_TIMEOUT: the server is overloaded, not broken.
    if (databaseErrorCode(error) === QUERY_CANCELED) {
      request.log.warn({ err: error }, 'statement cancelled after the statement timeout');
      return reply.status(503).send({ message: SERVER_TOO_SLOW });
    }
    // The database is restarting or out of reach: a moment's outage to retry, not a crash.
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'the database could not be reached');
      return reply.status(503).header('retry-after', '2').send({ message: DATABASE_UNREACHABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_FAILED });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large (1 MB at most).';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON.';
    default:
      return error.message;
  }
}
