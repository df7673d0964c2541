import { describe, expect, it } from 'vitest';
import { createMaterial, createTool, unique } from '../../../test/factories';
import { databaseName, inDays, type Json, useStaffedApp } from '../../../test/staffed-app';

const { app, staff, call } = useStaffedApp();
const database = databaseName;
const keeper = () => staff().keeper.token;

async function batchesOf(id: string) {
  const response = await call(keeper(), 'GET', `/api/materials/${id}/batches`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().batches as Json[]).map((row) => [row.batch, row.expiresOn, row.quantity]);
}

describe(`counts of a material kept by batch (${database})`, () => {
  it('counts batch by batch: a short batch, one left out, and a new one found each post their own adjustment', async () => {
    const name = unique('Epoxy');
    const made = await call(keeper(), 'POST', '/api/user/add-product', { name, unit: 'kit', decimals: 1, tracksExpiry: true });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().product._id as string;
    for (const [batch, quantity, days] of [
      ['E1', 10, 30],
      ['E2', 6, 60],
      ['E3', 2, 90],
    ] as const) {
      const bought = await call(keeper(), 'POST', '/api/user/add-restock-product', { name, quantity, batch, expiresOn: inDays(days) });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const started = await call(keeper(), 'POST', '/api/counts', { itemKind: 'material', itemIds: [id] });
    expect(started.statusCode, started.body).toBe(201);
    const countId = started.json().count._id as string;
    const enter = (body: Json) => call(keeper(), 'PUT', `/api/counts/${countId}/lines/${id}`, body);

    // The batches must add up; a new batch needs its expiry.
    const unequal = await enter({ counted: 10, batches: [{ batch: 'E1', counted: 9 }] });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().message).toBe('The batches counted must add up to the counted quantity.');
    const undated = await enter({ counted: 1, batches: [{ batch: 'E9', counted: 1 }] });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().message).toContain('kept by batch');

    // E1 short by 1.5, E2 as expected, E3 not found (counted as none), E4 found with its expiry.
    const entered = await enter({
      counted: 17.5,
      batches: [
        { batch: 'E1', counted: 8.5 },
        { batch: 'E2', counted: 6 },
        { batch: 'E4', counted: 3, expiresOn: inDays(120) },
      ],
    });
    expect(entered.statusCode, entered.body).toBe(200);
    // Counting blind: the keeper sees what was counted, not what each batch held.
    expect(entered.json().line.batches).toEqual([
      { batch: 'E1', expiresOn: inDays(30), counted: 8.5, expected: null },
      { batch: 'E2', expiresOn: inDays(60), counted: 6, expected: null },
      { batch: 'E3', expiresOn: inDays(90), counted: 0, expected: null },
      { batch: 'E4', expiresOn: inDays(120), counted: 3, expected: null },
    ]);
    expect((await call(keeper(), 'POST', `/api/counts/${countId}/submit`)).statusCode).toBe(200);
    const posted = await call(staff().admin.token, 'POST', `/api/counts/${countId}/post`, { reasons: { [id]: 'Recount' } });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().count.lines[0]).toMatchObject({ expected: 18, counted: 17.5, difference: -0.5 });
    expect(await batchesOf(id)).toEqual([
      ['E1', inDays(30), 8.5],
      ['E2', inDays(60), 6],
      ['E4', inDays(120), 3],
    ]);
    const lines = (await call(staff().admin.token, 'GET', `/api/movements?itemId=${id}`)).json().movements as Json[];
    const adjustments = lines.filter((line) => line.kind === 'adjustment').map((line) => [(line.batch as Json).name, line.quantity]);
    expect(adjustments).toEqual(
      expect.arrayContaining([
        ['E1', -1.5],
        ['E3', -2],
        ['E4', 3],
      ]),
    );
    expect(adjustments).toHaveLength(3);
  });

  it('takes a count in another unit, the total and each batch converted to stock units; a tool counts in none', async () => {
    const name = unique('Grout');
    const made = await call(keeper(), 'POST', '/api/user/add-product', { name, unit: 'bag', tracksExpiry: true });
    const id = made.json().product._id as string;
    const units = await call(staff().admin.token, 'PUT', `/api/materials/${id}/units`, { units: [{ name: 'pallet', factor: 40 }] });
    expect(units.statusCode, units.body).toBe(200);
    expect(
      (await call(keeper(), 'POST', '/api/user/add-restock-product', { name, quantity: 80, batch: 'G1', expiresOn: inDays(30) }))
        .statusCode,
    ).toBe(200);
    const started = await call(keeper(), 'POST', '/api/counts', { itemKind: 'material', itemIds: [id] });
    const countId = started.json().count._id as string;
    const entered = await call(keeper(), 'PUT', `/api/counts/${countId}/lines/${id}`, {
      counted: 1.5,
      unit: 'pallet',
      batches: [{ batch: 'G1', counted: 1.5 }],
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().line).toMatchObject({ counted: 60, batches: [{ batch: 'G1', counted: 60 }] });
    const off = await call(keeper(), 'PUT', `/api/counts/${countId}/lines/${id}`, { counted: 0.01, unit: 'pallet' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toContain('0.01 pallet is 0.4 bag');

    const drill = await createTool(app().app, keeper());
    const tools = await call(keeper(), 'POST', '/api/counts', { itemKind: 'tool', itemIds: [drill._id] });
    expect(tools.statusCode, tools.body).toBe(201);
    const toolLine = await call(keeper(), 'PUT', `/api/counts/${tools.json().count._id}/lines/${drill._id}`, { counted: 1, unit: 'box' });
    expect(toolLine.statusCode).toBe(400);
    expect(toolLine.json().message).toBe('A tool moves in whole units: only a material line names a unit.');
  });

  it('refuses batches on a line of a material not kept by batch', async () => {
    const plain = await createMaterial(app().app, keeper(), { totalQuantity: 5 });
    const started = await call(keeper(), 'POST', '/api/counts', { itemKind: 'material', itemIds: [plain._id] });
    const countId = started.json().count._id as string;
    const refused = await call(keeper(), 'PUT', `/api/counts/${countId}/lines/${plain._id}`, {
      counted: 5,
      batches: [{ batch: 'X', counted: 5 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${plain.name} is not kept by batch: send no batch.`);
  });
});
