import {
  ConsumeToolRequestSchema,
  DamageToolRequestSchema,
  ErrorResponseSchema,
  IdSchema,
  ListQuerySchema,
  RefundToolRequestSchema,
  ToolCreateRequestSchema,
  ToolMovementResponseSchema,
  ToolSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { replyIdempotent } from '../movements/idempotency';
import { findTools } from './tools.repository';
import { createTool, moveTool } from './tools.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const ToolListQuerySchema = ListQuerySchema.extend({
  storeId: IdSchema.optional(),
  with: z.enum(['damaged', 'returned', 'issued']).optional(),
});
const tags = ['tools'];

const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: authorize('items:read') };
  const move = { preHandler: authorize('stock:move') };

  app.get(
    '/api/tools/view-tools',
    { ...read, schema: { tags, querystring: ToolListQuerySchema, response: { 200: z.object({ tools: z.array(ToolSchema) }), ...errors } } },
    async (request, reply) => {
      const { tools, total } = await findTools(app.db, { storeIds: storeScopeOf(authOf(request)), ...request.query });
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return { tools };
    },
  );

  app.get(
    '/api/user/get-tools',
    { ...read, schema: { tags, querystring: ToolListQuerySchema, response: { 200: z.array(ToolSchema), ...errors } } },
    async (request, reply) => {
      const { tools, total } = await findTools(app.db, { storeIds: storeScopeOf(authOf(request)), ...request.query });
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return tools;
    },
  );

  for (const url of ['/api/tools/add-tools', '/api/user/add-tools']) {
    app.post(
      url,
      {
        preHandler: authorize('items:create'),
        schema: { tags, body: ToolCreateRequestSchema, response: { 201: ToolMovementResponseSchema, ...errors } },
      },
      async (request, reply) => {
        return replyIdempotent(request, reply, async (tx, key) => ({
          status: 201 as const,
          body: { message: 'Tool added successfully!', tool: await createTool(tx, authOf(request), request.body, key) },
        }));
      },
    );
  }

  const movementResponse = { response: { 200: ToolMovementResponseSchema, ...errors } };

  app.post(
    '/api/user/add-damaged-tool',
    { ...move, schema: { tags, body: DamageToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { toolId, damagedQuantity, damagedReason } = request.body;
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Tool damage recorded successfully',
          tool: await moveTool(tx, authOf(request), toolId, { kind: 'damage', quantity: damagedQuantity, reason: damagedReason }, key),
        },
      }));
    },
  );

  app.post(
    '/api/user/add-refund-tool',
    { ...move, schema: { tags, body: RefundToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Tool returned successfully',
          tool: await moveTool(tx, authOf(request), request.body.toolId, { kind: 'return', quantity: request.body.refundQuantity }, key),
        },
      }));
    },
  );

  app.post(
    '/api/user/add-consumed-tool',
    { ...move, schema: { tags, body: ConsumeToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Tool issued successfully',
          tool: await moveTool(tx, authOf(request), request.body.toolId, { kind: 'issue', quantity: request.body.quantity }, key),
        },
      }));
    },
  );
};

export default toolsRoutes;
