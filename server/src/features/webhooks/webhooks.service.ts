import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_CREATED,
  WEBHOOK_DELETED,
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_REPLAY_QUEUED,
  WEBHOOK_SAVED,
  WEBHOOKS_FULL,
  WEBHOOKS_MAX,
  type WebhookCreateRequestSchema,
  type WebhookDeliveriesQuerySchema,
  type WebhookUpdateRequestSchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { checkWebhookHost } from './webhook-address';
import { presentDelivery, presentWebhook } from './webhooks.presenter';
import {
  countWebhooks,
  deleteWebhookRow,
  findDeliveryPage,
  findWebhook,
  findWebhooks,
  insertWebhook,
  lockWebhooks,
  requeueDelivery,
  updateWebhookRow,
} from './webhooks.repository';

/** A secret made for a webhook created without one: 32 random bytes, as URL-safe text. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export async function listWebhooks(db: DbOrTx) {
  return { webhooks: (await findWebhooks(db)).map(presentWebhook) };
}

export async function getWebhook(db: DbOrTx, id: string) {
  const row = await findWebhook(db, id);
  if (!row) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
  return presentWebhook(row);
}

/** A new webhook; its secret is answered this once. Its URL must lead to a public address. */
export async function createWebhook(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof WebhookCreateRequestSchema>,
  allowPrivate: boolean,
  requestKey?: RequestKey,
) {
  await checkWebhookHost(input.url, allowPrivate);
  return runIdempotent(db, requestKey, async (tx) => {
    await lockWebhooks(tx);
    if ((await countWebhooks(tx)) >= WEBHOOKS_MAX) throw new AppError('conflict', WEBHOOKS_FULL);
    const secret = input.secret ?? newSecret();
    const row = await insertWebhook(tx, { url: input.url, events: input.events, secret }, auth.userId);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'webhook',
      entityId: row.id,
      entityName: row.url,
      details: { url: row.url, events: row.events },
    });
    return { status: 201 as const, body: { message: WEBHOOK_CREATED, webhook: presentWebhook(row), secret } };
  });
}

/** Changes the fields sent; `enabled: true` switches a webhook back on and its waiting deliveries go on. */
export async function updateWebhook(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof WebhookUpdateRequestSchema>,
  allowPrivate: boolean,
  requestKey?: RequestKey,
) {
  if (input.url) await checkWebhookHost(input.url, allowPrivate);
  return runIdempotent(db, requestKey, async (tx) => {
    const row = await updateWebhookRow(tx, id, input);
    if (!row) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'webhook',
      entityId: row.id,
      entityName: row.url,
      // The secret is never written to the audit trail; that it changed is.
      details: { ...input, secret: input.secret === undefined ? undefined : 'changed' },
    });
    return { status: 200 as const, body: { message: WEBHOOK_SAVED, webhook: presentWebhook(row) } };
  });
}

export function deleteWebhook(db: Db, auth: AuthContext, id: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const row = await findWebhook(tx, id);
    if (!row || !(await deleteWebhookRow(tx, id))) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'delete',
      entityType: 'webhook',
      entityId: id,
      entityName: row.url,
      details: {},
    });
    return { status: 200 as const, body: { message: WEBHOOK_DELETED } };
  });
}

export async function listDeliveries(db: DbOrTx, webhookId: string, query: z.output<typeof WebhookDeliveriesQuerySchema>) {
  if (!(await findWebhook(db, webhookId))) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
  const { rows, total } = await findDeliveryPage(db, webhookId, query);
  return { deliveries: rows.map(presentDelivery), total };
}

/** Sends one delivery's event again, with the same id, as soon as the sender comes to it. */
export function replayDelivery(db: Db, auth: AuthContext, webhookId: string, deliveryId: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const webhook = await findWebhook(tx, webhookId);
    if (!webhook) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    if (!(await requeueDelivery(tx, webhookId, deliveryId))) throw new AppError('not_found', WEBHOOK_DELIVERY_NOT_FOUND);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'webhook',
      entityId: webhookId,
      entityName: webhook.url,
      details: { replayed: deliveryId },
    });
    return { status: 200 as const, body: { message: WEBHOOK_REPLAY_QUEUED } };
  });
}
