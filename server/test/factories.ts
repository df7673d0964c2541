import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client';
import { type MovementKind, users } from '../src/db/schema';
import { recordMovement } from '../src/features/movements/ledger.repository';
import { hashPassword } from '../src/lib/passwords';

/** The calendar day (UTC) `days` from today, negative for the past: a date a rule on how far back stays inside. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export const PASSWORD = 'correct horse battery';

/** Inserts an admin straight into the database (the way the first start does) and signs in. */
export async function createAdmin(app: FastifyInstance, db: Db): Promise<{ email: string; token: string }> {
  const email = `${unique('admin')}@example.com`;
  await db.insert(users).values({ name: 'Admin', email, passwordHash: await hashPassword(PASSWORD), role: 'admin' });
  return { email, token: await login(app, email, PASSWORD) };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export async function createStore(app: FastifyInstance, adminToken: string, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stores',
    headers: bearer(adminToken),
    payload: { name: unique('Store'), location: 'North yard', openingHours: '7-17', status: 'Active', ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`createStore failed: ${response.body}`);
  return response.json().store as { _id: string; name: string };
}

export async function createUser(
  app: FastifyInstance,
  adminToken: string,
  input: { role: 'user' | 'store-user'; storeId: string; email?: string },
): Promise<{ _id: string; email: string; token: string }> {
  const email = input.email ?? `${unique(input.role)}@example.com`;
  const response: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: '/api/auth/create-user',
    headers: bearer(adminToken),
    payload: { name: 'Pat Keeper', email, password: PASSWORD, role: input.role, stores: [input.storeId] },
  });
  if (response.statusCode !== 201) throw new Error(`createUser failed: ${response.body}`);
  const user = response.json().user;
  return { _id: user._id, email, token: await login(app, email) };
}

export async function createMaterial(
  app: FastifyInstance,
  token: string,
  input: { name?: string; totalQuantity?: number | string; storeId?: string; categoryname?: string; unit?: string; decimals?: number } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/add-product',
    headers: bearer(token),
    payload: { name: unique('Cement'), categoryname: 'Binders', size: '50 kg', unit: 'bag', totalQuantity: 0, ...input },
  });
  if (response.statusCode !== 201) throw new Error(`createMaterial failed: ${response.body}`);
  return response.json().product as Record<string, number | string> & { _id: string; name: string; availableQuantity: number };
}

export async function createTool(
  app: FastifyInstance,
  token: string,
  input: { name?: string; totalQuantity?: number; storeId?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/add-tools',
    headers: bearer(token),
    payload: { name: unique('Drill'), totalQuantity: 1, ...input },
  });
  if (response.statusCode !== 201) throw new Error(`createTool failed: ${response.body}`);
  return response.json().tool as Record<string, number | string> & { _id: string; name: string; availableQuantity: number };
}

/** A store with an admin, a keeper and a store user, ready for stock tests. */
export async function createStoreWithStaff(app: FastifyInstance, db: Db) {
  const admin = await createAdmin(app, db);
  const store = await createStore(app, admin.token);
  const keeper = await createUser(app, admin.token, { role: 'user', storeId: store._id });
  const storeUser = await createUser(app, admin.token, { role: 'store-user', storeId: store._id });
  return { admin, store, keeper, storeUser };
}

/**
 * Records a movement at a chosen business time through the ledger itself (counters and all),
 * for tests that need history on particular days.
 */
export async function recordAt(
  db: Db,
  input: {
    itemId: string;
    kind: MovementKind;
    quantity: number;
    at: string;
    actorId?: string | null;
    itemKind?: 'material' | 'tool';
    unitCost?: string;
  },
): Promise<boolean> {
  const result = await db.transaction((tx) =>
    recordMovement(tx, {
      itemKind: input.itemKind ?? 'material',
      itemId: input.itemId,
      storeIds: null,
      kind: input.kind,
      quantity: input.quantity,
      actorId: input.actorId ?? null,
      occurredAt: sql`${input.at}::timestamptz`,
      unitCost: input.unitCost,
    }),
  );
  return result.isRecorded;
}

export async function createSupplier(app: FastifyInstance, adminToken: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/suppliers',
    headers: bearer(adminToken),
    payload: { name: unique('Acme Cement') },
  });
  if (response.statusCode !== 201) throw new Error(`createSupplier failed: ${response.body}`);
  return response.json().supplier as { _id: string; name: string };
}

export type PlacedOrder = {
  _id: string;
  number: string;
  status: string;
  total: string;
  lines: { _id: string; quantity: number; unitCost: string; received: number; damaged: number; returned: number; outstanding: number }[];
};

/** An order of `quantity` of a new material of the staff's store at `unitCost`, sent to a new supplier. */
export async function createPlacedOrder(
  app: FastifyInstance,
  staff: { admin: { token: string }; keeper: { token: string }; store: { _id: string } },
  input: { quantity: number; unitCost?: string; opening?: number },
) {
  const material = await createMaterial(app, staff.keeper.token, { totalQuantity: input.opening ?? 0 });
  const supplier = await createSupplier(app, staff.admin.token);
  const send = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(staff.admin.token), payload });
  const made = await send('/api/purchase-orders', {
    supplierId: supplier._id,
    storeId: staff.store._id,
    lines: [{ materialId: material._id, quantity: input.quantity, unitCost: input.unitCost ?? '400' }],
  });
  if (made.statusCode !== 201) throw new Error(`createPlacedOrder failed: ${made.body}`);
  const placed = await send(`/api/purchase-orders/${made.json().purchaseOrder._id}/order`, {});
  if (placed.statusCode !== 200) throw new Error(`createPlacedOrder failed: ${placed.body}`);
  const order = placed.json().purchaseOrder as PlacedOrder;
  return { material, supplier, order, lineId: order.lines[0]?._id as string };
}

/** Uploads one file as a browser's FormData sends it; the answer as it came. */
export async function uploadFile(app: FastifyInstance, token: string, bytes: Buffer, name = 'photo.jpg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type') as string },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
