import {
  ChangeUserPasswordRequestSchema,
  ListQuerySchema,
  MessageResponseSchema,
  PASSWORD_CHANGED,
  UserCreateRequestSchema,
  UserCreateResponseSchema,
  UserListResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { USER_COLUMNS } from './users.csv';
import { changeUserPassword, createUser, deleteUser, listUsers } from './users.service';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { onRequest: authorize('users:manage') };

  app.post(
    '/api/auth/create-user',
    {
      ...manage,
      schema: { tags: ['users'], body: UserCreateRequestSchema, response: { 201: UserCreateResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await createUser(app.db, authOf(request).userId, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/auth/fetch-users',
    { ...manage, schema: { tags: ['users'], querystring: ListQuerySchema, response: { 200: UserListResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { users, total } = await listUsers(app.db, request.query);
      return withTotal(reply, total, { users });
    },
  );

  registerCsvExport(app, {
    url: '/api/auth/fetch-users/csv',
    permission: 'users:manage',
    tags: ['users'],
    querystring: ListQuerySchema,
    fileName: 'users.csv',
    columns: USER_COLUMNS,
    page: async (_request, query, page, db) => {
      const { users, total } = await listUsers(db, { ...query, ...page });
      return { rows: users, total };
    },
  });

  app.delete(
    '/api/auth/delete-user/:id',
    { ...manage, schema: { tags: ['users'], params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await deleteUser(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.post(
    '/api/auth/change-user-password',
    {
      onRequest: authorize('users:set-password'),
      schema: { tags: ['users'], body: ChangeUserPasswordRequestSchema, response: { 200: MessageResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await changeUserPassword(app.db, authOf(request).userId, request.body.userId, request.body.newPassword);
      return { message: PASSWORD_CHANGED };
    },
  );
};

export default usersRoutes;
