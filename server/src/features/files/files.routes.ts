import multipart from '@fastify/multipart';
import {
  ErrorResponseSchema,
  FILE_MAX_BYTES,
  FILE_MISSING,
  FILE_TOO_LARGE,
  FILE_TYPES,
  FileQuerySchema,
  FileResponseSchema,
} from '@stockyard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { AppError } from '../../lib/errors';
import { ByIdParamsSchema, errorResponses, sendKeptFile } from '../../lib/http';
import { sendAnswer } from '../../lib/request-key';
import { type FileStore, fileContent, uploadFile } from './files.service';

const tags = ['files'];
const fileErrors = { ...errorResponses, 413: ErrorResponseSchema, 415: ErrorResponseSchema };

/** The one file of a multipart upload, whole in memory (10 MB at most). */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('bad_request', FILE_MISSING);
  const part = await request.file({ limits: { fileSize: FILE_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('bad_request', FILE_MISSING);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', FILE_TOO_LARGE);
    throw error;
  }
}

/** Photos and documents kept as proof: uploaded once per content, fetched by those who may see them. */
const filesRoutes: FastifyPluginAsyncZod<FileStore> = async (app, store) => {
  await app.register(multipart);

  app.post(
    '/api/files',
    {
      onRequest: authorize('stock:move'),
      schema: {
        tags,
        summary: 'Upload one file (multipart field "file"): a JPEG, PNG or WebP photo or a PDF, at most 10 MB',
        consumes: ['multipart/form-data'],
        response: { 200: FileResponseSchema, 201: FileResponseSchema, ...fileErrors },
      },
    },
    async (request, reply) => sendAnswer(reply, await uploadFile(app.db, authOf(request), await uploadedBytes(request), store)),
  );

  app.get(
    '/api/files/:id',
    {
      onRequest: authorize('stock:move'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        querystring: FileQuerySchema,
        response: {
          200: {
            description: 'The file, or with thumb=1 a photo’s thumbnail as JPEG',
            content: Object.fromEntries(FILE_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const file = await fileContent(app.db, authOf(request), request.params.id, request.query.thumb === '1', store);
      // A photo shows in the page; a PDF is downloaded, never opened as a page of this site.
      return sendKeptFile(reply, file, file.type === 'application/pdf' ? 'attachment' : 'inline');
    },
  );
};

export default filesRoutes;
