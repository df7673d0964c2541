import type { Readable } from 'node:stream';
import { ErrorResponseSchema, IdSchema, type PrintedTexts, printedTextsFor } from '@stockyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The error answers a route documents: every failure is `{message}` (see error-handler.ts). */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

const FILE_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The answers of a route that sends a file to download: the file (in one of these formats), or the usual `{message}` errors. */
export function fileResponses(...formats: (keyof typeof FILE_TYPES)[]) {
  const file = z.string().meta({ format: 'binary' });
  return {
    200: {
      description: `A ${formats.map((format) => format.toUpperCase()).join(' or ')} file to download`,
      content: Object.fromEntries(formats.map((format) => [FILE_TYPES[format], { schema: file }])),
    },
    ...errorResponses,
  };
}

/** Path parameters of a route that names one record. */
export const ByIdParamsSchema = z.object({ id: IdSchema });

/** Sends a list page's total in `X-Total-Count` and returns the body. */
export function withTotal<T>(reply: FastifyReply, total: number, body: T): T {
  reply.header('X-Total-Count', String(total));
  return body;
}

/**
 * A Content-Disposition that downloads a file under this name: plain for an ASCII name, else with an
 * ASCII stand-in and the UTF-8 name beside it (RFC 6266), since store names can be in any script.
 */
function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  if (plain === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers with a file to download, streamed as it is made. */
export function sendFile(reply: FastifyReply, file: { name: string; type: string; body: Readable }) {
  return reply.header('content-disposition', attachment(file.name)).type(file.type).send(file.body);
}

/** Answers with a kept file: shown in the page (a photo) or downloaded (anything a browser might open as a page). */
export function sendKeptFile(reply: FastifyReply, file: { name: string; type: string; bytes: Buffer }, opens: 'inline' | 'attachment') {
  const disposition = opens === 'inline' ? `inline; filename="${file.name}"` : attachment(file.name);
  return reply.header('content-disposition', disposition).type(file.type).send(file.bytes);
}

/** The texts a printed document is made in: the request's Accept-Language, English when it names none the app speaks. */
export function printedTextsOf(request: FastifyRequest): PrintedTexts {
  return printedTextsFor(request.headers['accept-language']);
}
