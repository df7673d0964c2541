import { DEFAULT_ACCOUNTS } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql';
import { createStore, createUser, PASSWORD, unique } from '../factories';
import { type Exempt, idIn, prepared, type World, type WriteCase, withStock, yesterday } from './world';

/** A supplier of the admin's; its id. */
export async function newSupplier(world: World): Promise<string> {
  return idIn(
    await prepared(world, { method: 'POST', url: '/api/suppliers', token: world.admin.token, payload: { name: unique('Supplier') } }),
    'supplier',
  );
}

/** A webhook of the admin's to a public address (nothing is sent: the suite's app runs no sender); its id. */
async function newWebhook(world: World, events: string[] = ['custody.overdue']): Promise<string> {
  return idIn(
    await prepared(world, {
      method: 'POST',
      url: '/api/webhooks',
      token: world.admin.token,
      payload: { url: 'https://93.184.216.34/hooks', events },
    }),
    'webhook',
  );
}

/** A delivery of a switched-off webhook, made by a movement; the webhook's id and the delivery's. */
async function newDelivery(world: World): Promise<{ webhookId: string; deliveryId: string }> {
  const webhookId = await newWebhook(world, ['movement.created']);
  await withStock(world, 1);
  await prepared(world, { method: 'PUT', url: `/api/webhooks/${webhookId}`, token: world.admin.token, payload: { enabled: false } });
  const [row] = await queryRows<{ id: string }>(world.db, sql`select id from webhook_deliveries where webhook_id = ${webhookId}`);
  return { webhookId, deliveryId: row?.id as string };
}

/** Signing in and out, accounts, stores, jobs, money, settings, suppliers, tokens and imports. */
export const ACCOUNT_WRITES: Record<string, WriteCase | Exempt> = {
  'POST /api/files': {
    exempt: 'A file is kept once per content: the same bytes sent again name the file already kept, whatever the key.',
  },
  'POST /auth/login': { exempt: 'Signing in makes a new session each time by design: a repeat is a new sign-in.' },
  'POST /api/auth/login': { exempt: 'Signing in makes a new session each time by design: a repeat is a new sign-in.' },
  'POST /auth/logout': { exempt: 'Signing out ends the session it is sent with; a repeat finds it ended.' },
  'POST /api/auth/logout': { exempt: 'Signing out ends the session it is sent with; a repeat finds it ended.' },
  'POST /api/auth/oidc/finish': {
    exempt: "Spends the single-use ticket of a sign-in through the company's provider: a repeat must be refused.",
  },
  'POST /api/auth/mfa': { exempt: 'The second step spends its single-use sign-in token: a repeat must be refused.' },
  'POST /api/auth/change-password': { exempt: 'A password change ends the sessions it was sent with.' },
  'POST /api/auth/change-user-password': { exempt: "A password change ends the user's sessions and tokens." },
  'POST /api/stores': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/stores',
      token: world.admin.token,
      payload: { name: unique('Depot'), location: 'Dock road', openingHours: '', status: 'Active' },
    }),
  },
  'PUT /api/stores/update/:id': {
    fresh: async (world) => {
      const store = await createStore(world.app, world.admin.token);
      return {
        method: 'PUT',
        url: `/api/stores/update/${store._id}`,
        token: world.admin.token,
        payload: { name: unique('Renamed'), location: 'South yard', isActive: true },
      };
    },
  },
  'POST /api/auth/create-user': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/auth/create-user',
      token: world.admin.token,
      payload: {
        name: 'Ravi Keeper',
        email: `${unique('raced')}@example.com`,
        password: 'a long keeper pass',
        role: 'user',
        stores: [world.store._id],
      },
    }),
  },
  'POST /api/jobs': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/jobs',
      token: world.admin.token,
      payload: { code: unique('J'), name: 'Tower', storeIds: [world.store._id] },
    }),
  },
  'POST /api/cost-codes': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/cost-codes',
      token: world.admin.token,
      payload: { code: unique('CC'), name: 'Formwork' },
    }),
  },
  'POST /api/valuation/opening': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/valuation/opening',
      token: world.admin.token,
      payload: { storeId: world.store._id, lines: [{ materialId: (await withStock(world))._id, unitCost: '12.5' }] },
    }),
  },
  'PUT /api/auth/language': {
    fresh: async (world) => ({ method: 'PUT', url: '/api/auth/language', token: world.storeUser.token, payload: { language: 'fr' } }),
  },
  'PUT /api/jobs/:id': {
    fresh: async (world) => {
      const answer = await prepared(world, {
        method: 'POST',
        url: '/api/jobs',
        token: world.admin.token,
        payload: { code: unique('J'), name: 'Tower', storeIds: [world.store._id] },
      });
      return {
        method: 'PUT',
        url: `/api/jobs/${idIn(answer, 'job')}`,
        token: world.admin.token,
        payload: { name: 'Tower B', budget: '900' },
      };
    },
  },
  'DELETE /api/stores/delete/:id': {
    fresh: async (world) => ({
      method: 'DELETE',
      url: `/api/stores/delete/${(await createStore(world.app, world.admin.token))._id}`,
      token: world.admin.token,
    }),
  },
  'PUT /api/stores/:id/lock': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/stores/${(await createStore(world.app, world.admin.token))._id}/lock`,
      token: world.admin.token,
      payload: { throughDate: yesterday() },
    }),
  },
  'DELETE /api/stores/:id/lock': {
    fresh: async (world) => {
      const url = `/api/stores/${(await createStore(world.app, world.admin.token))._id}/lock`;
      await prepared(world, { method: 'PUT', url, token: world.admin.token, payload: { throughDate: yesterday() } });
      return { method: 'DELETE', url, token: world.admin.token, payload: { reason: 'A late delivery note' } };
    },
  },
  'PUT /api/stores/:id/geofence': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/stores/${(await createStore(world.app, world.admin.token))._id}/geofence`,
      token: world.admin.token,
      payload: { lat: 6.5244, lon: 3.3792, radiusM: 200 },
    }),
  },
  'DELETE /api/stores/:id/geofence': {
    fresh: async (world) => {
      const url = `/api/stores/${(await createStore(world.app, world.admin.token))._id}/geofence`;
      await prepared(world, { method: 'PUT', url, token: world.admin.token, payload: { lat: 6.5244, lon: 3.3792, radiusM: 200 } });
      return { method: 'DELETE', url, token: world.admin.token };
    },
  },
  'POST /api/tokens': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/tokens',
      token: world.keeper.token,
      payload: { name: unique('Export'), scope: 'read', currentPassword: PASSWORD },
    }),
  },
  'DELETE /api/tokens/:id': {
    fresh: async (world) => {
      const made = await prepared(world, {
        method: 'POST',
        url: '/api/tokens',
        token: world.keeper.token,
        payload: { name: unique('Export'), scope: 'read', currentPassword: PASSWORD },
      });
      return { method: 'DELETE', url: `/api/tokens/${made._id as string}`, token: world.keeper.token };
    },
  },
  'DELETE /api/auth/delete-user/:id': {
    fresh: async (world) => {
      const user = await createUser(world.app, world.admin.token, { role: 'store-user', storeId: world.store._id });
      return { method: 'DELETE', url: `/api/auth/delete-user/${user._id}`, token: world.admin.token };
    },
  },
  'POST /api/cost-codes/import': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/cost-codes/import',
      token: world.admin.token,
      payload: { fileName: 'codes.csv', content: Buffer.from(`Code,Name\n${unique('IMP')},Formwork\n`).toString('base64') },
    }),
  },
  'POST /api/imports': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/imports',
      token: world.keeper.token,
      payload: {
        kind: 'materials',
        fileName: 'site.csv',
        content: Buffer.from(`Name,Unit,Quantity\n${unique('Lime')},bag,4\n`).toString('base64'),
      },
    }),
  },
  'POST /api/suppliers': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/suppliers',
      token: world.admin.token,
      payload: { name: unique('Acme'), email: 'orders@acme.example', leadTimeDays: 5 },
    }),
  },
  'PUT /api/suppliers/:id': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/suppliers/${await newSupplier(world)}`,
      token: world.admin.token,
      payload: { name: unique('Renamed'), leadTimeDays: 9 },
    }),
  },
  'PUT /api/suppliers/:id/prices': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/suppliers/${await newSupplier(world)}/prices`,
      token: world.admin.token,
      payload: { lines: [{ materialId: (await withStock(world))._id, unitCost: '12.5', packSize: 10 }] },
    }),
  },
  'PUT /api/settings': {
    // The default value again, so that no other case sees a new rule; the settings' row made first, so
    // that each change adds the same rows (its audit line).
    fresh: async (world) => {
      const change = { method: 'PUT', url: '/api/settings', token: world.admin.token, payload: { receiptTolerancePercent: 10 } } as const;
      await prepared(world, change);
      return change;
    },
  },
  'PUT /api/settings/accounts': {
    // The default accounts again, saved once first, so that each change adds the same rows (its audit line).
    fresh: async (world) => {
      const change = { method: 'PUT', url: '/api/settings/accounts', token: world.admin.token, payload: DEFAULT_ACCOUNTS } as const;
      await prepared(world, change);
      return change;
    },
  },
  'POST /api/imports/preview': { exempt: 'Reads the file and answers what an import would do; it writes nothing.' },
  'POST /api/labels/sheet': { exempt: 'Makes a PDF of labels; it writes nothing.' },
  'POST /api/auth/mfa/enroll': { exempt: "The second step's setup: each call makes a new secret to scan, by design." },
  'POST /api/auth/mfa/confirm': { exempt: "The second step's setup: the code it is sent is spent once, a repeat must be refused." },
  'DELETE /api/auth/sessions/:id': { exempt: 'Signing a device out; a repeat finds it signed out.' },
  'POST /api/auth/sessions/sign-out-others': { exempt: "Signing out the caller's other devices; a repeat finds none." },
  'DELETE /api/users/:id/sessions/:sessionId': { exempt: "Signing a user's device out; a repeat finds it signed out." },
  'POST /api/users/:id/sessions/sign-out-all': { exempt: 'Signing a user out everywhere; a repeat finds nothing to end.' },
  'POST /api/webhooks': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/webhooks',
      token: world.admin.token,
      payload: { url: 'https://93.184.216.34/hooks', events: ['custody.overdue'], secret: 'a-shared-secret-of-the-receiver' },
    }),
  },
  'PUT /api/webhooks/:id': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/webhooks/${await newWebhook(world)}`,
      token: world.admin.token,
      payload: { events: ['custody.overdue', 'count.posted'], enabled: false },
    }),
  },
  'DELETE /api/webhooks/:id': {
    fresh: async (world) => ({ method: 'DELETE', url: `/api/webhooks/${await newWebhook(world)}`, token: world.admin.token }),
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/replay': {
    fresh: async (world) => {
      const { webhookId, deliveryId } = await newDelivery(world);
      return { method: 'POST', url: `/api/webhooks/${webhookId}/deliveries/${deliveryId}/replay`, token: world.admin.token };
    },
  },
};
