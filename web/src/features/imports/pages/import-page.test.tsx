import type { ImportPreview, ImportResult } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLanguage('en');
});

const store = { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' };

const preview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  kind: 'materials',
  store,
  headers: ['Name', 'Unit', 'Quantity'],
  mapping: {
    name: 'Name',
    category: null,
    material: null,
    size: null,
    unit: 'Unit',
    decimals: null,
    quantity: 'Quantity',
    unitCost: null,
    batch: null,
    expiresOn: null,
  },
  rowCount: 2,
  problemCount: 0,
  problems: [],
  rows: [
    { row: 2, name: 'Cement', category: '', material: '', size: '', unit: 'bag', quantity: 40 },
    { row: 3, name: 'Sand', category: '', material: '', size: '', unit: 'm3', quantity: 6 },
  ],
  totalQuantity: null,
  totalsByUnit: [
    { unit: 'bag', quantity: 40 },
    { unit: 'm3', quantity: 6 },
  ],
  alreadyImported: null,
  canImport: true,
  ...over,
});

const csv = () => new File(['Name,Unit,Quantity\nCement,bag,40\nSand,m3,6\n'], 'stock.csv', { type: 'text/csv' });

async function chooseFile() {
  const user = userEvent.setup();
  // The file field is Mantine's button with a hidden input beside it, as in a browser.
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('The page has no file field yet');
    return found;
  });
  await user.upload(input, csv());
  return user;
}

describe('importing from a spreadsheet', () => {
  it('checks the file first, then imports every row once, under one key', async () => {
    signInAs('user');
    const result: ImportResult = { message: 'Imported', imported: 2, totalQuantity: null, totalsByUnit: preview().totalsByUnit };
    const calls = stubApi({
      'POST /api/imports/preview': { body: preview() },
      'POST /api/imports': { status: 201, body: result },
    });
    renderAt('/dashboard/import');
    const user = await chooseFile();
    // Bags and cubic metres are never added together.
    expect(await screen.findByText(/2 rows for Riverside: 40 bag, 6 m3/)).toHaveTextContent('no problems');
    expect(within(screen.getByRole('table', { name: 'First rows' })).getAllByRole('row')).toHaveLength(3);
    const checked = calls.find((call) => call.key === 'POST /api/imports/preview')?.body as { content: string; fileName: string };
    expect(checked.fileName).toBe('stock.csv');
    expect(atob(checked.content)).toContain('Cement,bag,40');

    await user.click(screen.getByRole('button', { name: 'Import 2 materials' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 2 materials into Riverside, each with its opening quantity.');
    const sent = calls.filter((call) => call.key === 'POST /api/imports');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['Idempotency-Key']).toMatch(/\S/);
  });

  it("lists each row's problem in the app's language and imports nothing", async () => {
    await chooseLanguage('es');
    signInAs('user');
    const calls = stubApi({
      'POST /api/imports/preview': {
        body: preview({
          problemCount: 1,
          canImport: false,
          problems: [{ row: 3, field: 'name', message: 'Material name is required', code: 'fieldRequired', params: ['Material name'] }],
        }),
      },
    });
    renderAt('/dashboard/import');
    await chooseFile();
    const problems = await screen.findByRole('table', { name: 'Problemas' });
    expect(problems).toHaveTextContent('Nombre del material: obligatorio');
    expect(screen.getByRole('button', { name: /Importar 2/ })).toBeDisabled();
    expect(calls.filter((call) => call.key === 'POST /api/imports')).toHaveLength(0);
  });

  it('says it is checking, and why a file could not be checked', async () => {
    signInAs('user');
    const held = holdApi('/api/imports/preview');
    renderAt('/dashboard/import');
    await chooseFile();
    expect(await screen.findByText('Checking the file…')).toBeInTheDocument();
    held.answer({ message: 'The file is not a .csv or .xlsx spreadsheet.' }, 400);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is not a .csv or .xlsx spreadsheet.'));
  });
});
