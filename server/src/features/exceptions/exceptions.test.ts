import { randomUUID } from 'node:crypto';
import { GEOFENCE_INVALID, GEOFENCE_SAVED, LOCATION_INVALID } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createPlacedOrder, createStoreWithStaff, createTool, dayFromToday } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let other: Awaited<ReturnType<typeof createStoreWithStaff>>;

/** The store's gate, and a fence of 200 m around it. */
const GATE = { lat: 6.5244, lon: 3.3792 };
const FENCE = { ...GATE, radiusM: 200 };
/** A point `metres` north of the gate (a degree of latitude is 111,195 m on the sphere the server uses). */
const north = (metres: number, accuracyM = 10) => ({ lat: GATE.lat + metres / 111_195, lon: GATE.lon, accuracyM });

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function history(itemId: string) {
  const answer = await send('GET', `/api/movements?itemId=${itemId}`, staff.keeper.token);
  return (answer.json().movements as { kind: string; quantity: number; location: unknown; outsideGeofence: boolean }[]).filter(
    (line) => line.kind !== 'opening',
  );
}

async function exceptions(token: string, query = '') {
  const answer = await send('GET', `/api/exceptions${query}`, token);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { exceptions: { quantity: number; distanceM: number; radiusM: number; item: { name: string } }[]; total: number };
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  other = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

describe('a store geofence', () => {
  it('is set by an admin within bounds, shown on the store, and removed', async () => {
    expect((await send('PUT', `/api/stores/${staff.store._id}/geofence`, staff.keeper.token, FENCE)).statusCode).toBe(403);
    for (const bad of [
      { ...FENCE, radiusM: 5 },
      { ...FENCE, lat: 91 },
      { lat: 1, lon: 2 },
    ]) {
      const refused = await send('PUT', `/api/stores/${staff.store._id}/geofence`, staff.admin.token, bad);
      expect([refused.statusCode, refused.json().message]).toEqual([400, GEOFENCE_INVALID]);
    }
    const unknown = await send('PUT', `/api/stores/${randomUUID()}/geofence`, staff.admin.token, FENCE);
    expect(unknown.statusCode).toBe(404);
    const saved = await send('PUT', `/api/stores/${other.store._id}/geofence`, staff.admin.token, FENCE);
    expect(saved.json()).toEqual({ message: GEOFENCE_SAVED, geofence: FENCE });
    const stores = (await send('GET', '/api/stores', staff.admin.token)).json() as { _id: string; geofence: unknown }[];
    expect(stores.find((store) => store._id === other.store._id)?.geofence).toEqual(FENCE);
    const removed = await send('DELETE', `/api/stores/${other.store._id}/geofence`, staff.admin.token);
    expect(removed.json().geofence).toBeNull();
  });
});

describe('movements recorded with a location', () => {
  it('are accepted wherever they were; those beyond the fence plus their accuracy are flagged and listed as exceptions', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 100 });
    const issue = (quantity: number, location?: object) =>
      send('POST', '/api/user/consume-stock', staff.keeper.token, { productId: cement._id, quantity, ...(location ? { location } : {}) });
    // Before the store has a fence, nothing is outside it.
    expect((await issue(1, north(5_000))).statusCode).toBe(200);
    expect((await send('PUT', `/api/stores/${staff.store._id}/geofence`, staff.admin.token, FENCE)).statusCode).toBe(200);

    expect((await issue(2, north(5_000, 20))).statusCode).toBe(200);
    expect((await issue(3, north(150))).statusCode).toBe(200);
    // 210 m out, but the phone was sure only to 30 m: it may have been inside.
    expect((await issue(4, north(210, 30))).statusCode).toBe(200);
    expect((await issue(5)).statusCode).toBe(200);
    const refused = await issue(6, { lat: 95, lon: 0, accuracyM: 5 });
    expect([refused.statusCode, refused.json().message]).toEqual([400, LOCATION_INVALID]);

    const lines = await history(cement._id);
    expect(lines.map((line) => [line.quantity, line.outsideGeofence, line.location !== null]).sort()).toEqual([
      [1, false, true],
      [2, true, true],
      [3, false, true],
      [4, false, true],
      [5, false, false],
    ]);
    const far = lines.find((line) => line.quantity === 2)?.location as { lat: number; lon: number; accuracyM: number };
    expect(far.accuracyM).toBe(20);
    expect(far.lat).toBeCloseTo(north(5_000).lat, 6);

    const listed = await exceptions(staff.keeper.token, `?storeId=${staff.store._id}`);
    expect(listed.exceptions.map((row) => [row.quantity, row.radiusM, row.item.name])).toEqual([[2, 200, cement.name]]);
    expect(Math.abs((listed.exceptions[0]?.distanceM ?? 0) - 5_000)).toBeLessThanOrEqual(1);
    expect((await exceptions(other.keeper.token)).total).toBe(0);
    expect((await exceptions(staff.admin.token, '?from=2100-01-01')).total).toBe(0);
    const dashboard = await send('GET', '/api/dashboard', staff.keeper.token);
    expect(dashboard.json().geofenceExceptions).toBe(1);
  });

  it('from a phone: ops sent together and a parked op applied later keep their location', async () => {
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 2 });
    const op = (itemKind: 'material' | 'tool', itemId: string, quantity: number, metres: number) => ({
      opId: randomUUID(),
      kind: itemKind === 'material' ? 'issue' : 'tool-issue',
      itemKind,
      itemId,
      quantity,
      capturedAt: new Date().toISOString(),
      storeId: staff.store._id,
      location: north(metres),
    });
    const ops = [op('material', sand._id, 2, 3_000), op('tool', drill._id, 1, 50), op('material', sand._id, 50, 4_000)];
    const synced = await send('POST', '/api/sync/movements', staff.keeper.token, { ops });
    expect(synced.json().results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied', 'parked']);
    const again = await send('POST', '/api/sync/movements', staff.keeper.token, { ops });
    expect(again.json().results.map((result: { status: string }) => result.status)).toEqual(['duplicate', 'duplicate', 'parked']);

    const parkedId = synced.json().results[2].parkedId as string;
    const applied = await send('POST', `/api/sync/parked/${parkedId}/apply`, staff.admin.token, { quantity: 8 });
    expect(applied.statusCode).toBe(200);
    const quantities = (await exceptions(staff.keeper.token, `?storeId=${staff.store._id}`)).exceptions
      .filter((row) => row.item.name === sand.name)
      .map((row) => row.quantity);
    expect(quantities.sort()).toEqual([2, 8]);
  });

  it('from a phone: a receipt against an order keeps its location, applied at once or parked and applied later', async () => {
    const { order, lineId, material } = await createPlacedOrder(t.app, staff, { quantity: 100 });
    const receipt = (received: number, metres: number) => ({
      opId: randomUUID(),
      kind: 'po-receipt',
      purchaseOrderId: order._id,
      storeId: staff.store._id,
      capturedAt: new Date().toISOString(),
      receivedAt: dayFromToday(0),
      lines: [{ lineId, received }],
      location: north(metres),
    });
    // 40 fit the order; 80 more would take it past its tolerance, so that one waits for a person.
    const synced = await send('POST', '/api/sync/movements', staff.keeper.token, { ops: [receipt(40, 3_000), receipt(80, 4_000)] });
    expect(synced.json().results.map((result: { status: string }) => result.status)).toEqual(['applied', 'parked']);
    const parkedId = synced.json().results[1].parkedId as string;
    const applied = await send('POST', `/api/sync/parked/${parkedId}/apply`, staff.admin.token, { lines: [{ lineId, received: 60 }] });
    expect(applied.statusCode, applied.body).toBe(200);

    const listed = (await exceptions(staff.keeper.token, `?storeId=${staff.store._id}`)).exceptions.filter(
      (row) => row.item.name === material.name,
    );
    expect(listed.map((row) => row.quantity).sort()).toEqual([40, 60]);
    expect(listed.map((row) => Math.round(row.distanceM / 1_000)).sort()).toEqual([3, 4]);
  });

  it('keep their location as part of the line: it can be neither changed nor removed', async () => {
    for (const change of [sql`delete from movement_locations`, sql`update movement_locations set accuracy_m = 0`]) {
      const failure = await t.database.db.execute(change).then(
        () => null,
        (error: Error) => error,
      );
      expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    }
  });
});
