import {
  QualificationCreateRequestSchema,
  QualificationListResponseSchema,
  QualificationResponseSchema,
  ServiceDueQuerySchema,
  ServiceDueResponseSchema,
  ServicePlanCreateRequestSchema,
  ServicePlanListResponseSchema,
  ServicePlanResponseSchema,
  ServicePlanSchema,
  ServiceRecordRequestSchema,
  ToolMovementResponseSchema,
  ToolPatchRequestSchema,
  ToolPlansRequestSchema,
  ToolUnitDetailResponseSchema,
  ToolUnitListResponseSchema,
  ToolUnitResponseSchema,
  UnitCreateRequestSchema,
  UnitRetireRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { addQualification, listQualifications, removeQualification } from '../custody/qualifications.service';
import {
  addUnit,
  assignPlans,
  createPlan,
  getUnit,
  listPlans,
  listServiceDue,
  listUnits,
  recordService,
  retireUnit,
  setRequiredQualification,
} from './tool-units.service';

const tags = ['tool units'];

/** Serial tools' units, service plans and services, the service-due list, and workers' qualifications. */
const toolUnitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const byId = { params: ByIdParamsSchema };

  app.get(
    '/api/tools/:id/units',
    { onRequest: authorize('items:read'), schema: { tags, ...byId, response: { 200: ToolUnitListResponseSchema, ...errorResponses } } },
    async (request) => listUnits(app.db, authOf(request), request.params.id, app.timeZone),
  );
  app.post(
    '/api/tools/:id/units',
    {
      onRequest: authorize('items:create'),
      schema: { tags, ...byId, body: UnitCreateRequestSchema, response: { 201: ToolUnitResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(reply, await addUnit(app.db, authOf(request), request.params.id, request.body, app.timeZone, requestKeyOf(request))),
  );
  app.get(
    '/api/tool-units/:id',
    { onRequest: authorize('items:read'), schema: { tags, ...byId, response: { 200: ToolUnitDetailResponseSchema, ...errorResponses } } },
    async (request) => getUnit(app.db, authOf(request), request.params.id, app.timeZone),
  );
  app.put(
    '/api/tool-units/:id',
    {
      onRequest: authorize('stock:move'),
      schema: { tags, ...byId, body: UnitRetireRequestSchema, response: { 200: ToolUnitResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await retireUnit(app.db, authOf(request), request.params.id, request.body.retire.reason, app.timeZone, requestKeyOf(request)),
      ),
  );
  app.post(
    '/api/tool-units/:id/services',
    {
      onRequest: authorize('stock:move'),
      schema: { tags, ...byId, body: ServiceRecordRequestSchema, response: { 201: ToolUnitResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(reply, await recordService(app.db, authOf(request), request.params.id, request.body, app.timeZone, requestKeyOf(request))),
  );

  app.get(
    '/api/service-plans',
    { onRequest: authorize('items:read'), schema: { tags, response: { 200: ServicePlanListResponseSchema, ...errorResponses } } },
    async () => listPlans(app.db),
  );
  app.post(
    '/api/service-plans',
    {
      onRequest: authorize('items:edit'),
      schema: { tags, body: ServicePlanCreateRequestSchema, response: { 201: ServicePlanResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await createPlan(app.db, authOf(request), request.body, requestKeyOf(request))),
  );
  app.put(
    '/api/tools/:id/service-plans',
    {
      onRequest: authorize('items:edit'),
      schema: {
        tags,
        ...byId,
        body: ToolPlansRequestSchema,
        response: { 200: z.object({ message: z.string(), plans: z.array(ServicePlanSchema) }), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await assignPlans(app.db, authOf(request), request.params.id, request.body.planIds, app.timeZone, requestKeyOf(request)),
      ),
  );
  app.patch(
    '/api/tools/:id',
    {
      onRequest: authorize('items:edit'),
      schema: { tags, ...byId, body: ToolPatchRequestSchema, response: { 200: ToolMovementResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await setRequiredQualification(
          app.db,
          authOf(request),
          request.params.id,
          request.body.requiresQualification,
          requestKeyOf(request),
        ),
      ),
  );

  app.get(
    '/api/service-due',
    {
      onRequest: authorize('items:read'),
      schema: { tags, querystring: ServiceDueQuerySchema, response: { 200: ServiceDueResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listServiceDue(app.db, authOf(request), request.query, app.timeZone);
      return withTotal(reply, result.total, result);
    },
  );

  app.get(
    '/api/workers/:id/qualifications',
    {
      onRequest: authorize('workers:manage'),
      schema: { tags, ...byId, response: { 200: QualificationListResponseSchema, ...errorResponses } },
    },
    async (request) => listQualifications(app.db, authOf(request), request.params.id, app.timeZone),
  );
  app.post(
    '/api/workers/:id/qualifications',
    {
      onRequest: authorize('workers:manage'),
      schema: { tags, ...byId, body: QualificationCreateRequestSchema, response: { 201: QualificationResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await addQualification(app.db, authOf(request), request.params.id, request.body, app.timeZone, requestKeyOf(request)),
      ),
  );
  app.delete(
    '/api/qualifications/:id',
    {
      onRequest: authorize('workers:manage'),
      schema: { tags, ...byId, response: { 200: z.object({ message: z.string() }), ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(reply, await removeQualification(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );
};

export default toolUnitsRoutes;
