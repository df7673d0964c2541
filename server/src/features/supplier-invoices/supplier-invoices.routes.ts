import {
  ReceivedNotInvoicedQuerySchema,
  ReceivedNotInvoicedResponseSchema,
  SupplierInvoiceApproveRequestSchema,
  SupplierInvoiceCreateRequestSchema,
  SupplierInvoiceListQuerySchema,
  SupplierInvoiceListResponseSchema,
  SupplierInvoiceResponseSchema,
  SupplierInvoiceSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { approveInvoice, createInvoice, getInvoice, listInvoices, receivedNotInvoiced } from './supplier-invoices.service';

const tags = ['supplier-invoices'];

/** Suppliers' invoices matched against orders and receipts, and what arrived but was not invoiced: admins. */
const supplierInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { onRequest: authorize('invoices:manage') };

  app.get(
    '/api/supplier-invoices',
    {
      ...manage,
      schema: {
        tags,
        querystring: SupplierInvoiceListQuerySchema,
        response: { 200: SupplierInvoiceListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listInvoices(app.db, request.query),
  );

  app.get(
    '/api/supplier-invoices/:id',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: SupplierInvoiceSchema, ...errorResponses } } },
    async (request) => getInvoice(app.db, request.params.id),
  );

  app.post(
    '/api/supplier-invoices',
    {
      ...manage,
      schema: { tags, body: SupplierInvoiceCreateRequestSchema, response: { 201: SupplierInvoiceResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await createInvoice(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/supplier-invoices/:id/approve',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: SupplierInvoiceApproveRequestSchema,
        response: { 200: SupplierInvoiceResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await approveInvoice(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/reports/received-not-invoiced',
    {
      ...manage,
      schema: {
        tags,
        querystring: ReceivedNotInvoicedQuerySchema,
        response: { 200: ReceivedNotInvoicedResponseSchema, ...errorResponses },
      },
    },
    async (request) => receivedNotInvoiced(app.db, authOf(request), request.query, app.timeZone),
  );
};

export default supplierInvoicesRoutes;
