import {
  MessageResponseSchema,
  WebhookCreateRequestSchema,
  WebhookCreateResponseSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookListResponseSchema,
  WebhookResponseSchema,
  WebhookSchema,
  WebhookUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, replayDelivery, updateWebhook } from './webhooks.service';

const tags = ['webhooks'];

/** Webhooks: admins choose where the company's other systems are told what happened, and see each delivery. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { onRequest: authorize('webhooks:manage') };

  app.get('/api/webhooks', { ...manage, schema: { tags, response: { 200: WebhookListResponseSchema, ...errorResponses } } }, async () =>
    listWebhooks(app.db),
  );

  app.post(
    '/api/webhooks',
    { ...manage, schema: { tags, body: WebhookCreateRequestSchema, response: { 201: WebhookCreateResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await createWebhook(app.db, authOf(request), request.body, app.webhookAllowPrivate, requestKeyOf(request))),
  );

  app.get(
    '/api/webhooks/:id',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: WebhookSchema, ...errorResponses } } },
    async (request) => getWebhook(app.db, request.params.id),
  );

  app.put(
    '/api/webhooks/:id',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: WebhookUpdateRequestSchema,
        response: { 200: WebhookResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await updateWebhook(app.db, authOf(request), request.params.id, request.body, app.webhookAllowPrivate, requestKeyOf(request)),
      ),
  );

  app.delete(
    '/api/webhooks/:id',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await deleteWebhook(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveryListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listDeliveries(app.db, request.params.id, request.query);
      return withTotal(reply, page.total, page);
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/replay',
    { ...manage, schema: { tags, params: WebhookDeliveryParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await replayDelivery(app.db, authOf(request), request.params.id, request.params.deliveryId, requestKeyOf(request))),
  );
};

export default webhooksRoutes;
