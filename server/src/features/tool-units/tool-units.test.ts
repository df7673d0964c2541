import { randomUUID } from 'node:crypto';
import { LABEL_LAYOUT_NAMES } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, dayFromToday, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';
import { checkServiceDue } from './service-due-check';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type Unit = { _id: string; serial: string; state: string; code: string; plans: Json[] };

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Json) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

async function ok(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json() as Json;
}

/** A serial tool with units named by their serials. */
async function serialTool(serials: string[]) {
  const created = await ok(
    call(staff.keeper.token, 'POST', '/api/user/add-tools', { name: unique('Breaker'), totalQuantity: 0, tracking: 'serial' }),
    201,
  );
  const tool = created.tool as { _id: string; name: string };
  const units: Unit[] = [];
  for (const serial of serials) {
    units.push((await ok(call(staff.keeper.token, 'POST', `/api/tools/${tool._id}/units`, { serial }), 201)).unit as Unit);
  }
  return { tool, units };
}

async function toolOf(id: string) {
  const tools = (await call(staff.keeper.token, 'GET', '/api/user/get-tools')).json() as Json[];
  return tools.find((row) => row._id === id) as Json;
}

async function unitOf(id: string) {
  return (await ok(call(staff.keeper.token, 'GET', `/api/tool-units/${id}`))).unit as Unit;
}

async function addWorker(name = unique('Rigger')) {
  return (await ok(call(staff.keeper.token, 'POST', '/api/workers', { name }), 201)).worker as { _id: string; name: string };
}

function checkOut(token: string, toolId: string, workerId: string, unitIds: string[], extra: Json = {}) {
  return call(token, 'POST', `/api/tools/${toolId}/checkout`, { workerId, quantity: unitIds.length, unitIds, ...extra });
}

async function plan(input: Json) {
  return (await ok(call(staff.admin.token, 'POST', '/api/service-plans', { name: unique('Inspection'), ...input }), 201)).plan as {
    _id: string;
    name: string;
  };
}

/** Counts each state of a tool's units, as its counters must. */
async function unitStates(toolId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ state: string; n: number }>(
    t.database.db,
    sql`select state, count(*)::int as n from tool_units where tool_id = ${toolId} group by state order by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('serial tools', () => {
  it('checks S2 out to a worker and back damaged: S2 is damaged and the counters are 3 total, 2 available, 1 damaged', async () => {
    const { tool, units } = await serialTool(['S1', 'S2', 'S3']);
    expect(await toolOf(tool._id)).toMatchObject({ tracking: 'serial', totalQuantity: 3, availableQuantity: 3 });
    const worker = await addWorker();
    const [, s2] = units as [Unit, Unit, Unit];
    const out = await ok(checkOut(staff.keeper.token, tool._id, worker._id, [s2._id]), 201);
    expect((out.custody as Json).units).toEqual([{ _id: s2._id, serial: 'S2' }]);
    expect(await unitOf(s2._id)).toMatchObject({ state: 'custody', holder: { name: worker.name } });

    const custodyId = (out.custody as { _id: string })._id;
    await ok(call(staff.keeper.token, 'POST', `/api/custody/${custodyId}/return`, { damaged: [s2._id] }));
    expect(await unitOf(s2._id)).toMatchObject({ state: 'damaged', holder: null });
    expect(await toolOf(tool._id)).toMatchObject({ totalQuantity: 3, availableQuantity: 2, damagedQuantity: 1, inCustodyQuantity: 0 });
    expect(await unitStates(tool._id)).toEqual({ available: 2, damaged: 1 });
    const history = (await ok(call(staff.keeper.token, 'GET', `/api/tool-units/${s2._id}`))).history as Json[];
    expect(history.map((event) => event.what)).toEqual(['damaged_return', 'checkout', 'opening']);

    // A unit comes back only on the record it went out on.
    const [s1, , s3] = units as [Unit, Unit, Unit];
    const other = await addWorker();
    const first = (await ok(checkOut(staff.keeper.token, tool._id, worker._id, [s1._id]), 201)).custody as { _id: string };
    await ok(checkOut(staff.keeper.token, tool._id, other._id, [s3._id]), 201);
    const wrong = await call(staff.keeper.token, 'POST', `/api/custody/${first._id}/return`, { good: [s3._id] });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('Unit S3 is not where this movement takes it from');
    await ok(call(staff.keeper.token, 'POST', `/api/custody/${first._id}/return`, { good: [s1._id] }));
    expect(await unitStates(tool._id)).toEqual({ available: 1, custody: 1, damaged: 1 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('refuses a serial tool made with a quantity, a movement that names no units, a unit named twice, and a serial repeated', async () => {
    const made = await call(staff.keeper.token, 'POST', '/api/user/add-tools', {
      name: unique('Laser'),
      totalQuantity: 2,
      tracking: 'serial',
    });
    expect(made.statusCode).toBe(400);
    const { tool, units } = await serialTool(['L1']);
    const unit = units[0] as Unit;
    const bare = await call(staff.keeper.token, 'POST', '/api/user/add-consumed-tool', { toolId: tool._id, quantity: 1 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(`${tool.name} is tracked by serial number: name the units that move.`);
    const twice = await call(staff.keeper.token, 'POST', '/api/user/add-consumed-tool', {
      toolId: tool._id,
      quantity: 2,
      unitIds: [unit._id, unit._id],
    });
    expect(twice.statusCode).toBe(400);
    const repeated = await call(staff.keeper.token, 'POST', `/api/tools/${tool._id}/units`, { serial: 'l1' });
    expect(repeated.statusCode).toBe(409);
    // A plain issue and return of the unit, then its reversal rules: an issue reversed puts it back.
    const issued = await ok(
      call(staff.keeper.token, 'POST', '/api/user/add-consumed-tool', { toolId: tool._id, quantity: 1, unitIds: [unit._id] }),
    );
    expect(issued.tool).toMatchObject({ availableQuantity: 0, consumedQuantity: 1 });
    expect((await unitOf(unit._id)).state).toBe('issued');
    const again = await call(staff.keeper.token, 'POST', '/api/user/add-consumed-tool', {
      toolId: tool._id,
      quantity: 1,
      unitIds: [unit._id],
    });
    expect(again.statusCode).toBe(409);
    await ok(call(staff.keeper.token, 'POST', '/api/user/add-refund-tool', { toolId: tool._id, refundQuantity: 1, unitIds: [unit._id] }));
    expect((await unitOf(unit._id)).state).toBe('available');
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it("applies a phone's queued issue of a unit once, and rejects one of a serial tool that names no unit", async () => {
    const { tool, units } = await serialTool(['P1', 'P2']);
    const unit = units[0] as Unit;
    const op = (extra: Json) => ({
      opId: randomUUID(),
      kind: 'tool-issue',
      itemKind: 'tool',
      itemId: tool._id,
      quantity: 1,
      storeId: staff.store._id,
      capturedAt: new Date().toISOString(),
      ...extra,
    });
    const named = op({ unitIds: [unit._id] });
    const sent = await ok(call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [named, op({})] }));
    const [applied, bare] = sent.results as Json[];
    expect(applied).toMatchObject({ status: 'applied' });
    expect(bare).toMatchObject({
      status: 'rejected',
      code: 'invalid',
      message: `${tool.name} is tracked by serial number: name the units that move.`,
    });
    const again = await ok(call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [named] }));
    expect((again.results as Json[])[0]).toMatchObject({ status: 'duplicate', movementId: applied?.movementId });
    // The same unit issued again from another phone's op: parked, and nothing of it recorded.
    const twice = await ok(call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [op({ unitIds: [unit._id] })] }));
    expect((twice.results as Json[])[0]).toMatchObject({ status: 'parked', code: 'unit_unavailable' });
    expect((await unitOf(unit._id)).state).toBe('issued');
    expect(await toolOf(tool._id)).toMatchObject({ availableQuantity: 1, consumedQuantity: 1 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('retires a unit in the store through its own ledger line, and its label scan opens it', async () => {
    const { tool, units } = await serialTool(['R1', 'R2']);
    const unit = units[0] as Unit;
    const scanned = await ok(call(staff.keeper.token, 'GET', `/api/scan/${unit.code.toLowerCase()}`));
    expect(scanned).toMatchObject({ itemKind: 'tool', id: tool._id, unit: { _id: unit._id, serial: 'R1' } });
    const sheet = await call(staff.keeper.token, 'POST', '/api/labels/sheet', {
      items: units.map((one) => ({ itemKind: 'unit', id: one._id })),
      layout: LABEL_LAYOUT_NAMES[0],
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toContain('application/pdf');
    const retired = await ok(call(staff.keeper.token, 'PUT', `/api/tool-units/${unit._id}`, { retire: { reason: 'Motor burnt out' } }));
    expect(retired.unit).toMatchObject({ state: 'retired', retiredReason: 'Motor burnt out' });
    expect(await toolOf(tool._id)).toMatchObject({ totalQuantity: 1, availableQuantity: 1 });
    expect((await call(staff.keeper.token, 'PUT', `/api/tool-units/${unit._id}`, { retire: { reason: 'again' } })).statusCode).toBe(409);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('service plans', () => {
  it('refuses a check-out of a unit serviced 31 days ago on a 30-day plan, parks the same offline, and accepts it after a passed service', async () => {
    const { tool, units } = await serialTool(['S1', 'S2']);
    const s1 = units[0] as Unit;
    const monthly = await plan({ intervalDays: 30, checklist: ['Casing', 'Cable'] });
    await ok(call(staff.admin.token, 'PUT', `/api/tools/${tool._id}/service-plans`, { planIds: [monthly._id] }));
    await ok(
      call(staff.keeper.token, 'POST', `/api/tool-units/${s1._id}/services`, {
        planId: monthly._id,
        result: 'passed',
        checklist: [{ item: 'Casing', ok: true }],
        performedAt: daysAgo(31),
      }),
      201,
    );
    const worker = await addWorker();
    const refused = await checkOut(staff.keeper.token, tool._id, worker._id, [s1._id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'service_due' });
    expect(refused.json().message).toContain(`Unit S1 needs its ${monthly.name} service`);
    expect(await toolOf(tool._id)).toMatchObject({ availableQuantity: 2, inCustodyQuantity: 0 });

    const op = {
      opId: randomUUID(),
      kind: 'tool-issue',
      itemKind: 'tool',
      itemId: tool._id,
      quantity: 1,
      unitIds: [s1._id],
      workerId: worker._id,
      storeId: staff.store._id,
      capturedAt: new Date().toISOString(),
    };
    const synced = await ok(call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [op] }));
    expect((synced.results as Json[])[0]).toMatchObject({ status: 'parked', code: 'service_due' });

    await ok(
      call(staff.keeper.token, 'POST', `/api/tool-units/${s1._id}/services`, {
        planId: monthly._id,
        result: 'passed',
        checklist: [
          { item: 'Casing', ok: true },
          { item: 'Cable', ok: true },
        ],
        performedAt: new Date().toISOString(),
      }),
      201,
    );
    expect((await unitOf(s1._id)).plans[0]).toMatchObject({ dueOn: dayFromToday(30), isDue: false });
    await ok(checkOut(staff.keeper.token, tool._id, worker._id, [s1._id]), 201);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('allows two check-outs on a plan of 2 uses and refuses the third; a failed service holds the unit in service', async () => {
    const { tool, units } = await serialTool(['U1']);
    const unit = units[0] as Unit;
    const twice = await plan({ intervalUses: 2 });
    await ok(call(staff.admin.token, 'PUT', `/api/tools/${tool._id}/service-plans`, { planIds: [twice._id] }));
    const worker = await addWorker();
    for (let use = 0; use < 2; use++) {
      const out = await ok(checkOut(staff.keeper.token, tool._id, worker._id, [unit._id]), 201);
      await ok(call(staff.keeper.token, 'POST', `/api/custody/${(out.custody as { _id: string })._id}/return`, { good: [unit._id] }));
    }
    const third = await checkOut(staff.keeper.token, tool._id, worker._id, [unit._id]);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('service_due');
    const due = await ok(call(staff.keeper.token, 'GET', `/api/service-due?storeId=${staff.store._id}&withinDays=0`));
    expect((due.due as { unit: { _id: string } }[]).map((line) => line.unit._id)).toContain(unit._id);

    const failed = await ok(
      call(staff.keeper.token, 'POST', `/api/tool-units/${unit._id}/services`, {
        planId: twice._id,
        result: 'failed',
        notes: 'Guard cracked',
        performedAt: new Date().toISOString(),
      }),
      201,
    );
    expect(failed.unit).toMatchObject({ state: 'in_service' });
    expect(await toolOf(tool._id)).toMatchObject({ availableQuantity: 0, inServiceQuantity: 1, totalQuantity: 1 });
    const passed = await ok(
      call(staff.keeper.token, 'POST', `/api/tool-units/${unit._id}/services`, {
        planId: twice._id,
        result: 'passed',
        performedAt: new Date().toISOString(),
      }),
      201,
    );
    expect(passed.unit).toMatchObject({ state: 'available' });
    await ok(checkOut(staff.keeper.token, tool._id, worker._id, [unit._id]), 201);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it("lets an admin override a held unit once with a reason, kept in the audit trail and the unit's history; a keeper may not", async () => {
    const { tool, units } = await serialTool(['O1']);
    const unit = units[0] as Unit;
    const yearly = await plan({ intervalDays: 365 });
    await ok(call(staff.admin.token, 'PUT', `/api/tools/${tool._id}/service-plans`, { planIds: [yearly._id] }));
    await t.database.db.execute(sql`update unit_plans set due_on = current_date - 1 where unit_id = ${unit._id}`);
    const worker = await addWorker();
    const override = { override: { reason: 'Inspector on site signs it off today' } };
    expect((await checkOut(staff.keeper.token, tool._id, worker._id, [unit._id], override)).statusCode).toBe(403);
    await ok(checkOut(staff.admin.token, tool._id, worker._id, [unit._id], override), 201);
    const history = (await ok(call(staff.keeper.token, 'GET', `/api/tool-units/${unit._id}`))).history as Json[];
    expect(history[0]).toMatchObject({ what: 'checkout', note: 'Inspector on site signs it off today' });
    const audit = await ok(call(staff.admin.token, 'GET', '/api/audit?action=override'));
    expect(JSON.stringify(audit)).toContain('Inspector on site signs it off today');
  });

  it('tells the keepers once when a unit comes within 14 days of its due day, however many processes check', async () => {
    const { tool, units } = await serialTool(['N1']);
    const unit = units[0] as Unit;
    const monthly = await plan({ intervalDays: 30 });
    await ok(call(staff.admin.token, 'PUT', `/api/tools/${tool._id}/service-plans`, { planIds: [monthly._id] }));
    const notices = async () =>
      ((await ok(call(staff.keeper.token, 'GET', '/api/notifications'))).notifications as { text: string }[]).filter((notice) =>
        notice.text.includes(`${tool.name} N1`),
      ).length;
    expect(await notices()).toBe(0);
    await t.database.db.execute(sql`update unit_plans set due_on = current_date + 10 where unit_id = ${unit._id}`);
    const checks = await Promise.all([1, 2, 3].map(() => checkServiceDue(t.database.db, 'UTC')));
    expect(checks.filter((told) => (told ?? 0) > 0)).toHaveLength(1);
    expect(await notices()).toBe(1);
    expect(await checkServiceDue(t.database.db, 'UTC')).toBe(0);
  });
});

describe('qualified workers', () => {
  it('refuses a worker without the required qualification, accepts one expiring tomorrow, refuses an expired one', async () => {
    const { tool, units } = await serialTool(['H1']);
    const unit = units[0] as Unit;
    await ok(call(staff.admin.token, 'PATCH', `/api/tools/${tool._id}`, { requiresQualification: 'Working at height' }));
    const [none, valid, expired] = [await addWorker(), await addWorker(), await addWorker()];
    await ok(
      call(staff.keeper.token, 'POST', `/api/workers/${valid._id}/qualifications`, {
        name: 'working at height',
        expiresOn: dayFromToday(1),
      }),
      201,
    );
    await ok(
      call(staff.keeper.token, 'POST', `/api/workers/${expired._id}/qualifications`, {
        name: 'Working at height',
        expiresOn: dayFromToday(-1),
      }),
      201,
    );
    const refused = await checkOut(staff.keeper.token, tool._id, none._id, [unit._id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${none.name} holds no valid Working at height qualification, which this tool requires.`);
    expect((await checkOut(staff.keeper.token, tool._id, expired._id, [unit._id])).statusCode).toBe(409);
    await ok(checkOut(staff.keeper.token, tool._id, valid._id, [unit._id]), 201);
  });
});

describe('concurrent check-outs', () => {
  it('of the same unit: exactly one succeeds', async () => {
    const { tool, units } = await serialTool(['C1', 'C2']);
    const unit = units[0] as Unit;
    const [first, second] = [await addWorker(), await addWorker()];
    const answers = await Promise.all([
      checkOut(staff.keeper.token, tool._id, first._id, [unit._id]),
      checkOut(staff.keeper.token, tool._id, second._id, [unit._id]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await toolOf(tool._id)).toMatchObject({ availableQuantity: 1, inCustodyQuantity: 1 });
    expect(await unitStates(tool._id)).toEqual({ available: 1, custody: 1 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});
