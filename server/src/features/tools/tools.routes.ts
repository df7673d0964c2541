import {
  ConsumeToolRequestSchema,
  DamageToolRequestSchema,
  ErrorResponseSchema,
  IdSchema,
  ListQuerySchema,
  RefundToolRequestSchema,
  type Tool,
  ToolCreateRequestSchema,
  ToolMovementResponseSchema,
  ToolSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { replyIdempotent, replyMovement } from '../movements/idempotency';
import type { IdempotencyClaim } from '../movements/ledger';
import { findTools, presentTool } from './tools.repository';
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

  const tool = (message: string, move: (db: Db, claim: IdempotencyClaim | undefined) => Promise<Tool>) => ({
    message,
    field: 'tool' as const,
    present: presentTool,
    move,
  });

  app.post(
    '/api/user/add-damaged-tool',
    { ...move, schema: { tags, body: DamageToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { toolId, damagedQuantity, damagedReason } = request.body;
      return replyMovement(
        request,
        reply,
        tool('Tool damage recorded successfully', (db, claim) =>
          moveTool(db, authOf(request), toolId, { kind: 'damage', quantity: damagedQuantity, reason: damagedReason }, claim),
        ),
      );
    },
  );

  app.post(
    '/api/user/add-refund-tool',
    { ...move, schema: { tags, body: RefundToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { toolId, refundQuantity } = request.body;
      return replyMovement(
        request,
        reply,
        tool('Tool returned successfully', (db, claim) =>
          moveTool(db, authOf(request), toolId, { kind: 'return', quantity: refundQuantity }, claim),
        ),
      );
    },
  );

  app.post(
    '/api/user/add-consumed-tool',
    { ...move, schema: { tags, body: ConsumeToolRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { toolId, quantity } = request.body;
      return replyMovement(
        request,
        reply,
        tool('Tool issued successfully', (db, claim) => moveTool(db, authOf(request), toolId, { kind: 'issue', quantity }, claim)),
      );
    },
  );
};

export default toolsRoutes;
