import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function importCsv(csv: string, token = staff.admin.token) {
  const payload = { fileName: 'codes.csv', content: Buffer.from(csv).toString('base64') };
  return t.app.inject({ method: 'POST', url: '/api/cost-codes/import', headers: bearer(token), payload });
}

const codes = async () =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/cost-codes', headers: bearer(staff.keeper.token) })).json().costCodes as {
      code: string;
    }[]
  ).map((row) => row.code);

describe('importing cost codes from a spreadsheet', () => {
  it('adds every code of the file, all or none, and the same file again adds nothing', async () => {
    const csv = 'Cost Code,Description\r\n03 30 00,Cast-in-place concrete\r\n,\r\n05 12 00,Structural steel framing\r\n';
    const first = await importCsv(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Imported 2 cost codes; 0 were already there.', imported: 2, existing: 0 });
    expect(await codes()).toEqual(expect.arrayContaining(['03 30 00', '05 12 00']));
    const again = await importCsv(csv);
    expect(again.json()).toMatchObject({ imported: 0, existing: 2 });

    const refusals: [string, number, string][] = [
      ['Name\r\nConcrete\r\n', 400, 'The file needs a Code column and a Name column.'],
      ['Code,Name\r\n09 91 00,Painting\r\n09 91 00,Painting again\r\n', 400, 'Cost code 09 91 00 appears more than once in the file.'],
      ['Code,Name\r\n09 91 00,Painting\r\n10 00 00,\r\n', 400, 'Row 3 needs a code of at most 50 characters and a name.'],
      ['Code,Name\r\n09 91 00,Painting\r\n03 30 00,Concrete\r\n', 409, 'Cost code 03 30 00 already exists as "Cast-in-place concrete".'],
    ];
    for (const [file, status, message] of refusals) {
      const refused = await importCsv(file);
      expect(refused.statusCode, file).toBe(status);
      expect(refused.json().message).toBe(message);
    }
    const tooMany = `Code,Name\r\n${Array.from({ length: 5_001 }, (_, n) => `X${n},Line ${n}`).join('\r\n')}\r\n`;
    expect((await importCsv(tooMany)).json().message).toBe('At most 5,000 cost codes in one file.');
    // None of the refused files left a code behind.
    expect(await codes()).not.toContain('09 91 00');
    expect((await importCsv(csv, staff.keeper.token)).statusCode).toBe(403);
  });
});
