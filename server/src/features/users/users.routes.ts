import {
  ChangeUserPasswordRequestSchema,
  ErrorResponseSchema,
  IdSchema,
  ListQuerySchema,
  MessageResponseSchema,
  UserCreateRequestSchema,
  UserCreateResponseSchema,
  UserListResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { changeUserPassword, createUser, deleteUser, findUsers } from './users.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { preHandler: authorize('users:manage') };

  app.post(
    '/api/auth/create-user',
    { ...manage, schema: { tags: ['users'], body: UserCreateRequestSchema, response: { 201: UserCreateResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = await createUser(app.db, authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'User Created Successfully', user });
    },
  );

  app.get(
    '/api/auth/fetch-users',
    { ...manage, schema: { tags: ['users'], querystring: ListQuerySchema, response: { 200: UserListResponseSchema, ...errors } } },
    async (request, reply) => {
      const { users, total } = await findUsers(app.db, request.query);
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return { users };
    },
  );

  app.delete(
    '/api/auth/delete-user/:id',
    { ...manage, schema: { tags: ['users'], params: z.object({ id: IdSchema }), response: { 200: MessageResponseSchema, ...errors } } },
    async (request) => {
      await deleteUser(app.db, authOf(request), request.params.id);
      return { message: 'User deleted successfully!' };
    },
  );

  app.post(
    '/api/auth/change-user-password',
    { ...manage, schema: { tags: ['users'], body: ChangeUserPasswordRequestSchema, response: { 200: MessageResponseSchema, ...errors } } },
    async (request) => {
      await changeUserPassword(app.db, authOf(request).userId, request.body.userId, request.body.newPassword);
      return { message: 'Password changed successfully!' };
    },
  );
};

export default usersRoutes;
