import {
  ConsumeToolRequestSchema,
  DamageToolRequestSchema,
  IdSchema,
  ListQuerySchema,
  RefundToolRequestSchema,
  TOOL_DAMAGED,
  TOOL_ISSUED,
  TOOL_RETURNED,
  ToolCreateRequestSchema,
  ToolMovementResponseSchema,
  ToolSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { todayIn } from '../../lib/calendar';
import { registerCsvExport } from '../../lib/csv-export';
import { errorResponses, withTotal } from '../../lib/http';
import { movementRoute, registerCreateRoutes, registerMovementRoutes } from '../../lib/stock-routes';
import { TOOL_COLUMNS } from './tools.csv';
import { presentTool } from './tools.presenter';
import { createTool, listTools, moveTool } from './tools.service';

const ToolListQuerySchema = ListQuerySchema.extend({
  storeId: IdSchema.optional(),
  with: z.enum(['damaged', 'returned', 'issued']).optional(),
});
const tags = ['tools'];

const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admin's list answers `{tools}`, the keeper's list the bare array.
  for (const [url, response, shape] of [
    ['/api/tools/view-tools', z.object({ tools: z.array(ToolSchema) }), (tools: unknown[]) => ({ tools })],
    ['/api/user/get-tools', z.array(ToolSchema), (tools: unknown[]) => tools],
  ] as const) {
    app.get(
      url,
      {
        onRequest: authorize('items:read'),
        schema: { tags, querystring: ToolListQuerySchema, response: { 200: response, ...errorResponses } },
      },
      async (request, reply) => {
        const { tools, total } = await listTools(app.db, authOf(request), request.query);
        return withTotal(reply, total, shape(tools) as never);
      },
    );
  }

  registerCsvExport(app, {
    url: '/api/tools/csv',
    permission: 'items:read',
    tags,
    querystring: ToolListQuerySchema,
    fileName: 'tools.csv',
    columns: TOOL_COLUMNS,
    page: async (request, query, page, db) => {
      const { tools, total } = await listTools(db, authOf(request), { ...query, ...page });
      return { rows: tools, total };
    },
  });

  registerCreateRoutes(app, {
    urls: ['/api/tools/add-tools', '/api/user/add-tools'],
    tags,
    body: ToolCreateRequestSchema,
    response: ToolMovementResponseSchema,
    create: createTool,
  });

  registerMovementRoutes(app, {
    tags,
    field: 'tool',
    response: ToolMovementResponseSchema,
    present: presentTool,
    routes: [
      movementRoute({
        url: '/api/user/add-damaged-tool',
        body: DamageToolRequestSchema,
        message: TOOL_DAMAGED,
        move: (db, auth, body, claim) =>
          moveTool(
            db,
            auth,
            body.toolId,
            {
              kind: 'damage',
              quantity: body.damagedQuantity,
              reason: body.damagedReason,
              unitIds: body.unitIds,
              today: todayIn(app.timeZone),
              attachments: body.attachments,
              location: body.location,
            },
            claim,
          ),
      }),
      movementRoute({
        url: '/api/user/add-refund-tool',
        body: RefundToolRequestSchema,
        message: TOOL_RETURNED,
        move: (db, auth, body, claim) =>
          moveTool(
            db,
            auth,
            body.toolId,
            {
              kind: 'return',
              quantity: body.refundQuantity,
              unitIds: body.unitIds,
              today: todayIn(app.timeZone),
              attachments: body.attachments,
              location: body.location,
            },
            claim,
          ),
      }),
      movementRoute({
        url: '/api/user/add-consumed-tool',
        body: ConsumeToolRequestSchema,
        message: TOOL_ISSUED,
        move: (db, auth, body, claim) =>
          moveTool(
            db,
            auth,
            body.toolId,
            {
              kind: 'issue',
              quantity: body.quantity,
              unitIds: body.unitIds,
              today: todayIn(app.timeZone),
              attachments: body.attachments,
              location: body.location,
            },
            claim,
          ),
      }),
    ],
  });
};

export default toolsRoutes;
