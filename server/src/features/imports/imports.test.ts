import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

function send(url: string, token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

async function countIn(table: 'materials' | 'tools', storeId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where store_id = ${storeId} and deleted_at is null`,
  );
  return row?.n ?? 0;
}

describe('importing materials and tools from a spreadsheet', () => {
  it('imports 10,000 rows in one go, each with its opening movement', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const lines = ['Name,Category,Material,Size,Unit,Quantity'];
    let total = 0;
    for (let n = 1; n <= 10_000; n++) {
      const quantity = n % 50;
      total += quantity;
      lines.push(`Item ${String(n).padStart(5, '0')},Building,Steel,${n % 7} mm,piece,${quantity}`);
    }
    const file = { kind: 'materials', storeId: store._id, fileName: 'site.csv', content: base64(csv(lines)) };

    const started = performance.now();
    const preview = await send('/api/imports/preview', staff.admin.token, file);
    const previewMs = performance.now() - started;
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      rowCount: 10_000,
      problemCount: 0,
      canImport: true,
      totalQuantity: total,
      totalsByUnit: [{ unit: 'piece', quantity: total }],
      alreadyImported: null,
      mapping: { name: 'Name', category: 'Category', material: 'Material', size: 'Size', unit: 'Unit', quantity: 'Quantity' },
    });
    expect(preview.json().rows[0]).toEqual({
      row: 2,
      name: 'Item 00001',
      category: 'Building',
      material: 'Steel',
      size: '1 mm',
      unit: 'piece',
      decimals: 0,
      quantity: 1,
    });

    const importStarted = performance.now();
    const imported = await send('/api/imports', staff.admin.token, file);
    const importMs = performance.now() - importStarted;
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({
      message: `Imported 10,000 materials into ${store.name}, each with its opening quantity.`,
      imported: 10_000,
      totalQuantity: total,
      totalsByUnit: [{ unit: 'piece', quantity: total }],
    });
    console.log(`import of 10,000 rows: preview ${previewMs.toFixed(0)} ms, import ${importMs.toFixed(0)} ms`);

    expect(await countIn('materials', store._id)).toBe(10_000);
    const [openings] = await queryRows<{ n: number; sum: number }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(quantity), 0)::int as sum from movements where store_id = ${store._id} and kind = 'opening'`,
    );
    // Rows with quantity 0 get no movement, as the add form records none.
    expect(openings).toEqual({ n: 10_000 - 200, sum: total });
    const [item] = await queryRows<{ total_quantity: number; available_quantity: number; unit: string }>(
      t.database.db,
      sql`select total_quantity::float8, available_quantity::float8, unit from materials where store_id = ${store._id} and name = 'Item 00049'`,
    );
    expect(item).toEqual({ total_quantity: 49, available_quantity: 49, unit: 'piece' });
  });

  it('sums quantities per unit, never across units, in the preview and the result, as the ledger holds them', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const file = {
      kind: 'materials',
      storeId: store._id,
      fileName: 'units.csv',
      content: base64(csv(['Name,Unit,Quantity', 'Cement,bag,120', 'Sand,ton,4', 'Gravel,ton,6', 'Lime,bag,30'])),
    };
    const preview = (await send('/api/imports/preview', staff.admin.token, file)).json();
    const perUnit = [
      { unit: 'bag', quantity: 150 },
      { unit: 'ton', quantity: 10 },
    ];
    expect(preview).toMatchObject({ totalQuantity: null, totalsByUnit: perUnit });
    const imported = await send('/api/imports', staff.admin.token, file);
    expect(imported.json()).toMatchObject({ imported: 4, totalQuantity: null, totalsByUnit: perUnit });
    const ledger = await queryRows<{ unit: string; quantity: number }>(
      t.database.db,
      sql`select m.unit, sum(mv.quantity)::int as quantity from movements mv join materials m on m.id = mv.item_id
          where mv.store_id = ${store._id} and mv.kind = 'opening' group by m.unit order by m.unit`,
    );
    expect(ledger).toEqual(perUnit);
  });

  it('values opening quantities at the sheet’s unit cost, and refuses a cost that is not an amount, naming its row', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const bad = {
      kind: 'materials',
      storeId: store._id,
      fileName: 'costs.csv',
      content: base64(csv(['Name,Unit,Quantity,Unit Cost', 'Sand,ton,4,12.5', 'Gravel,ton,2,abc'])),
    };
    const refused = await send('/api/imports', staff.admin.token, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'row 3.unitCost', message: 'Row 3: Unit cost must be an amount of 0 or more with at most 4 decimals.' },
    ]);
    const good = { ...bad, content: base64(csv(['Name,Unit,Quantity,Cost', 'Sand,ton,4,12.5', 'Gravel,ton,2,', 'Cement,bag,0,9.99'])) };
    expect((await send('/api/imports', staff.admin.token, good)).statusCode).toBe(201);
    const rows = await queryRows<{ name: string; stock_value: string; average_cost: string; value: string | null }>(
      t.database.db,
      sql`select m.name, m.stock_value::text, m.average_cost::text, mv.value::text
          from materials m left join movements mv on mv.item_id = m.id and mv.kind = 'opening'
          where m.store_id = ${store._id} order by m.name`,
    );
    expect(rows).toEqual([
      { name: 'Cement', stock_value: '0.00', average_cost: '9.9900', value: null },
      { name: 'Gravel', stock_value: '0.00', average_cost: '0.0000', value: '0.00' },
      { name: 'Sand', stock_value: '50.00', average_cost: '12.5000', value: '50.00' },
    ]);
  });

  it('imports nothing from a file with 3 bad rows, and names the 3 rows', async () => {
    await createMaterial(t.app, staff.keeper.token, { name: 'Cement OPC 53', totalQuantity: 5 });
    const before = await countIn('materials', staff.store._id);
    const file = {
      kind: 'materials',
      fileName: 'mixed.csv',
      content: base64(
        csv([
          'Name,Unit,Quantity',
          'Sand,ton,4',
          'Gravel,ton,2',
          ',bag,3',
          'Bricks,piece,500',
          'Rebar 12mm,piece,20',
          'Tiles,box,2.5',
          'Paint,litre,10',
          'cement opc 53,bag,7',
        ]),
      ),
    };
    const preview = (await send('/api/imports/preview', staff.keeper.token, file)).json();
    expect(preview.canImport).toBe(false);
    expect(preview.problemCount).toBe(3);
    expect(preview.problems).toEqual([
      { row: 4, field: 'name', message: 'Material name is required', code: 'fieldRequired', params: ['Material name'] },
      {
        row: 7,
        field: 'quantity',
        message: 'Tiles is counted in whole units: enter a quantity without decimals.',
        code: 'quantityWhole',
        params: ['Tiles'],
      },
      {
        row: 9,
        field: 'name',
        message: 'A material named "cement opc 53" already exists in this store.',
        code: 'materialNameTaken',
        params: ['cement opc 53'],
      },
    ]);

    const refused = await send('/api/imports', staff.keeper.token, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Nothing was imported: fix the rows listed and upload the file again.');
    expect(refused.json().issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Row 4: Material name is required',
      'Row 7: Tiles is counted in whole units: enter a quantity without decimals.',
      'Row 9: A material named "cement opc 53" already exists in this store.',
    ]);
    expect(await countIn('materials', staff.store._id)).toBe(before);
  });

  it('recognises the same file a second time and imports it once', async () => {
    const file = { kind: 'tools', fileName: 'tools.csv', content: base64(csv(['Tool,Qty', 'Angle grinder,3', 'Spirit level,6'])) };
    const first = await send('/api/imports', staff.keeper.token, file);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().imported).toBe(2);
    const count = await countIn('tools', staff.store._id);

    const preview = (await send('/api/imports/preview', staff.keeper.token, { ...file, fileName: 'renamed.csv' })).json();
    expect(preview.alreadyImported).toEqual({ at: expect.any(String), by: 'Pat Keeper' });
    expect(preview.canImport).toBe(false);
    const again = await send('/api/imports', staff.keeper.token, { ...file, fileName: 'renamed.csv' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^This file was already imported into this store on \d{4}-\d{2}-\d{2} by Pat Keeper\. Nothing was imported again\.$/,
    );
    expect(await countIn('tools', staff.store._id)).toBe(count);

    // Sent twice at once (a double tap), it still imports once.
    const twin = { kind: 'tools', fileName: 'twin.csv', content: base64(csv(['Name,Quantity', 'Wheelbarrow,2'])) };
    const answers = await Promise.all([send('/api/imports', staff.keeper.token, twin), send('/api/imports', staff.keeper.token, twin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await countIn('tools', staff.store._id)).toBe(count + 1);
  });

  it('reads an Excel workbook, finds columns by their usual names, and takes a mapping for the rest', async () => {
    const workbook = await writeExcelFile([
      ['Article', 'UOM', 'Stock count', 'Notes'],
      ['Plywood 18mm', 'sheet', 12, 'left yard'],
      ['Nails 3 inch', 'kg', 40, ''],
    ]).toBuffer();
    const file = { kind: 'materials', fileName: 'yard.xlsx', content: base64(workbook) };
    const unmapped = (await send('/api/imports/preview', staff.keeper.token, file)).json();
    expect(unmapped.headers).toEqual(['Article', 'UOM', 'Stock count', 'Notes']);
    expect(unmapped.mapping).toMatchObject({ name: null, unit: 'UOM', quantity: null });
    expect(unmapped.problems).toEqual([
      { row: null, field: 'name', message: 'Choose the column that holds the name.', code: 'IMPORT_NAME_COLUMN_MISSING' },
    ]);

    const wrong = (await send('/api/imports/preview', staff.keeper.token, { ...file, mapping: { name: 'Item' } })).json();
    expect(wrong.problems).toContainEqual({
      row: null,
      field: 'name',
      message: 'There is no column "Item" in this file.',
      code: 'importColumnMissing',
      params: ['Item'],
    });

    const mapped = { ...file, mapping: { name: 'Article', quantity: 'Stock count' } };
    const preview = (await send('/api/imports/preview', staff.keeper.token, mapped)).json();
    expect(preview.canImport).toBe(true);
    expect(preview.rows.map((row: { name: string; unit: string; quantity: number }) => [row.name, row.unit, row.quantity])).toEqual([
      ['Plywood 18mm', 'sheet', 12],
      ['Nails 3 inch', 'kg', 40],
    ]);
    expect((await send('/api/imports', staff.keeper.token, mapped)).statusCode).toBe(201);
  });

  it('lets admins import into any store and keepers into theirs, never store users', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const file = { kind: 'materials', fileName: 'x.csv', content: base64(csv(['Name', 'Lime'])) };
    const mustChoose = await send('/api/imports/preview', staff.admin.token, file);
    expect(mustChoose.statusCode).toBe(400);
    expect(mustChoose.json().message).toBe('Please choose a store.');
    expect((await send('/api/imports/preview', staff.keeper.token, { ...file, storeId: other._id })).statusCode).toBe(403);
    expect((await send('/api/imports/preview', staff.storeUser.token, file)).statusCode).toBe(403);
    expect((await send('/api/imports', staff.admin.token, { ...file, storeId: other._id })).statusCode).toBe(201);
  });

  it('refuses a file it cannot read, and an empty one, with what to do', async () => {
    const binary = await send('/api/imports/preview', staff.keeper.token, {
      kind: 'materials',
      fileName: 'photo.jpg',
      content: base64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])),
    });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe('The file could not be read. Upload a .csv or .xlsx file.');
    const empty = (
      await send('/api/imports/preview', staff.keeper.token, { kind: 'materials', fileName: 'e.csv', content: base64('Name,Quantity\r\n') })
    ).json();
    expect(empty.problems).toEqual([{ row: null, field: null, message: 'The file has no rows below its headings.', code: 'IMPORT_EMPTY' }]);
    expect(empty.canImport).toBe(false);
  });

  it('refuses a small workbook holding one 10 MB cell within 2 s, reading it off the request loop', async () => {
    const workbook = await writeExcelFile([
      ['Na'.repeat(5_000_000), 'Quantity'],
      ['Cement', 1],
    ]).toBuffer();
    expect(workbook.length).toBeLessThan(20_000);
    const started = Date.now();
    const answer = send('/api/imports/preview', staff.keeper.token, {
      kind: 'materials',
      fileName: 'bomb.xlsx',
      content: base64(workbook),
    });
    // Meanwhile the server answers others at once.
    const healthStarted = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - healthStarted).toBeLessThan(1000);
    const refused = await answer;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A cell of the file holds more than 1,000 characters, more than any field keeps. Check the file.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads a CSV saved by older Excel in Windows-1252, and one separated by semicolons', async () => {
    const latin = Buffer.from('Name;Quantity\r\nCiment prêt;4\r\n', 'latin1');
    const preview = (
      await send('/api/imports/preview', staff.keeper.token, { kind: 'materials', fileName: 'fr.csv', content: base64(latin) })
    ).json();
    expect(preview.rows.map((row: { name: string; quantity: number }) => [row.name, row.quantity])).toEqual([['Ciment prêt', 4]]);
  });

  it('hands out a template with the headings it reads, as CSV or Excel', async () => {
    const asCsv = await t.app.inject({ method: 'GET', url: '/api/imports/template?kind=materials', headers: bearer(staff.keeper.token) });
    expect(asCsv.statusCode).toBe(200);
    expect(asCsv.body).toBe('\uFEFFName,Category,Material,Size,Unit,Decimals,Quantity,Unit Cost,Batch,Expires On\r\n');
    const asXlsx = await t.app.inject({
      method: 'GET',
      url: '/api/imports/template?kind=tools&format=xlsx',
      headers: bearer(staff.keeper.token),
    });
    expect(asXlsx.headers['content-disposition']).toBe('attachment; filename="stockyard-tools-template.xlsx"');
    // The template read back through the import finds its own columns.
    const preview = (
      await send('/api/imports/preview', staff.keeper.token, {
        kind: 'tools',
        fileName: 't.xlsx',
        content: asXlsx.rawPayload.toString('base64'),
      })
    ).json();
    expect(preview.headers).toEqual(['Name', 'Quantity']);
    expect(preview.mapping).toMatchObject({ name: 'Name', quantity: 'Quantity' });
  });

  it('reads decimals, a batch and its expiry: a row naming a batch is of a material kept by batch, its opening quantity that batch', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const file = (lines: string[]) => ({ kind: 'materials', storeId: store._id, fileName: 'batches.csv', content: base64(csv(lines)) });
    const heading = 'Name,Unit,Decimals,Qty,Lot No,Expiry Date';
    const bad = (
      await send(
        '/api/imports/preview',
        staff.admin.token,
        file([heading, 'Primer,can,0,4,P-1,', 'Grout,kg,0,2.5,,', 'Mortar,kg,5,1,,', 'Resin,can,0,3,,2030-01-31']),
      )
    ).json();
    expect(bad.canImport).toBe(false);
    expect(bad.problems.map((problem: Record<string, unknown>) => [problem.row, problem.field, problem.message])).toEqual([
      [2, 'batch', 'Primer is kept by batch: name the batch and the day it expires.'],
      [3, 'quantity', 'Grout is counted in whole units: enter a quantity without decimals.'],
      [4, 'decimals', 'Decimals must be a whole number from 0 to 3.'],
      [5, 'batch', 'Resin is kept by batch: name the batch and the day it expires.'],
    ]);

    const good = file([heading, 'Sand,m3,2,12.75,,', 'Sealant,tube,0,24,S-1,31/12/2030', 'Epoxy,kit,0,0,E-1,2031-06-30']);
    const preview = (await send('/api/imports/preview', staff.admin.token, good)).json();
    expect(preview.problems).toEqual([]);
    expect(preview.rows[1]).toMatchObject({ name: 'Sealant', decimals: 0, quantity: 24, batch: 'S-1', expiresOn: '2030-12-31' });
    const imported = await send('/api/imports', staff.admin.token, good);
    expect(imported.statusCode, imported.body).toBe(201);
    const materials = await queryRows<{ name: string; decimals: number; tracks_expiry: boolean; available: string }>(
      t.database.db,
      sql`select name, decimals, tracks_expiry, trim_scale(available_quantity)::text as available from materials
          where store_id = ${store._id} order by name`,
    );
    expect(materials).toEqual([
      { name: 'Epoxy', decimals: 0, tracks_expiry: true, available: '0' },
      { name: 'Sand', decimals: 2, tracks_expiry: false, available: '12.75' },
      { name: 'Sealant', decimals: 0, tracks_expiry: true, available: '24' },
    ]);
    const batches = await queryRows<{ batch: string; expires_on: string; quantity: string; lines: number }>(
      t.database.db,
      sql`select b.batch, b.expires_on::text as expires_on, trim_scale(b.quantity)::text as quantity,
                 (select count(*)::int from movements mv where mv.batch_id = b.id and mv.kind = 'opening') as lines
          from material_batches b where b.store_id = ${store._id} order by b.batch`,
    );
    expect(batches).toEqual([
      { batch: 'E-1', expires_on: '2031-06-30', quantity: '0', lines: 0 },
      { batch: 'S-1', expires_on: '2030-12-31', quantity: '24', lines: 1 },
    ]);
  });
});
