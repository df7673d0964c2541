import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_URL_PRIVATE } from '@stockyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client';
import { retryDelayMs } from '../../lib/mail/mail-loop';
import { runTransaction } from '../../lib/transaction';
import { notifyAdmins } from '../replenishment/notifications.service';
import { isPublicAddress, publicOnlyLookup } from './webhook-address';
import { presentPayload } from './webhooks.presenter';
import {
  type DueDelivery,
  disableWebhook,
  insertAttempt,
  leaseDueDeliveries,
  markDelivered,
  markTryFailed,
  noteOverdueCustody,
  type TryRecord,
} from './webhooks.repository';

export type WebhookSettings = {
  /** WEBHOOK_RETRY_BASE_MS: the wait before the first retry (10 s); each further one doubles, at most an hour. */
  retryBaseMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: also send to loopback and private addresses. */
  allowPrivate: boolean;
  /** How often to look for deliveries that are due when there were none. */
  pollMs?: number;
  /** How long a delivery is retried before it fails and its webhook is switched off (a day). */
  giveUpMs?: number;
  /** How often custody records are checked for becoming overdue (a minute). */
  overdueCheckMs?: number;
};

/** Deliveries leased and sent at once; the lease outlasts their one round of tries (each at most TIMEOUT_MS). */
const BATCH = 8;
const LEASE_SECONDS = 30;
const TIMEOUT_MS = 10_000;
const ANSWER_KEPT = 1000;
const DAY_MS = 86_400_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** POSTs a body and reads the start of the answer; refuses a host that is not public unless allowed. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<{ statusCode: number; answer: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return Promise.reject(new Error(WEBHOOK_URL_PRIVATE));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (answer.length < ANSWER_KEPT) answer += chunk;
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, answer: answer.slice(0, ANSWER_KEPT) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

async function tryDelivery(delivery: DueDelivery, allowPrivate: boolean): Promise<TryRecord & { isDelivered: boolean }> {
  const body = JSON.stringify(presentPayload(delivery));
  const started = Date.now();
  try {
    const { statusCode, answer } = await post(
      new URL(delivery.url),
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'Stockyard-Webhooks',
        'stockyard-event': delivery.type,
        'stockyard-signature': signatureOf(delivery.secret, body, Math.floor(started / 1000)),
      },
      allowPrivate,
    );
    const isDelivered = statusCode >= 200 && statusCode < 300;
    return { isDelivered, statusCode, answer: answer || null, error: null, durationMs: Date.now() - started };
  } catch (error) {
    return {
      isDelivered: false,
      statusCode: null,
      answer: null,
      error: (error as Error).message.slice(0, 500),
      durationMs: Date.now() - started,
    };
  }
}

/**
 * Sends what the outbox holds, outside any request and after what made each event committed: every
 * event to every webhook that takes it, at least once, one item's events in commit order. A failure
 * is retried with back-off; after a day of them the delivery fails and its webhook is switched off,
 * and the admins are told. Also notes custody records that became overdue. Returns a stop function.
 */
export function startWebhookSender(db: Db, settings: WebhookSettings, log: FastifyBaseLogger): () => Promise<void> {
  const pollMs = settings.pollMs ?? 1000;
  const giveUpMs = settings.giveUpMs ?? DAY_MS;
  const overdueCheckMs = settings.overdueCheckMs ?? 60_000;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastOverdueCheck = 0;

  async function settle(delivery: DueDelivery, outcome: TryRecord & { isDelivered: boolean }): Promise<void> {
    await insertAttempt(db, delivery.id, outcome);
    if (outcome.isDelivered) return markDelivered(db, delivery.id);
    const gaveUp = await markTryFailed(db, delivery.id, retryDelayMs(delivery.attempts + 1, settings.retryBaseMs), giveUpMs);
    log.warn(
      { webhookId: delivery.webhook_id, eventId: delivery.event_id, status: outcome.statusCode, error: outcome.error },
      'A webhook could not be delivered',
    );
    if (!gaveUp) return;
    await runTransaction(db, async (tx) => {
      const url = await disableWebhook(tx, delivery.webhook_id, 'Deliveries failed for a day.');
      if (url) await notifyAdmins(tx, { kind: 'webhook', code: 'webhookDisabled', params: [url] });
    });
  }

  /** Sends one batch; answers whether there was anything to send. */
  async function sendDue(): Promise<boolean> {
    if (Date.now() - lastOverdueCheck >= overdueCheckMs) {
      lastOverdueCheck = Date.now();
      await noteOverdueCustody(db);
    }
    const due = await leaseDueDeliveries(db, BATCH, LEASE_SECONDS);
    await Promise.all(due.map(async (delivery) => settle(delivery, await tryDelivery(delivery, settings.allowPrivate))));
    return due.length > 0;
  }

  const tick = () => {
    running = sendDue()
      .catch((error) => {
        log.warn({ err: error }, 'Webhook deliveries could not be read');
        return false;
      })
      .then((wasBusy) => {
        if (!isStopped) timer = setTimeout(tick, wasBusy ? 0 : pollMs);
      });
  };
  timer = setTimeout(tick, 0);

  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
  };
}
