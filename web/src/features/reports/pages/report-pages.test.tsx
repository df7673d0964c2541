import type { ReportRow } from '@stockyard/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await chooseLanguage('en');
});

const cementRow: ReportRow = {
  materialId: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e6f',
  name: 'Cement',
  categoryname: 'Binders',
  materialname: 'N/A',
  materialName: 'N/A',
  size: '50 kg',
  unit: 'bag',
  previousQuantity: 10,
  restockedQuantity: 5,
  transferQuantity: 0,
  transferredInQuantity: 0,
  consumedQuantity: 3,
  damagedQuantity: 0,
  refundQuantity: 0,
  transferredOutQuantity: 0,
  returnedToSupplierQuantity: 0,
  adjustmentQuantity: 0,
  currentAvailableQuantity: 12,
  openingValue: '1000.00',
  valueIn: '512.50',
  valueOut: '302.50',
  closingValue: '1210.00',
  restockDate: null,
  remarks: null,
  storeName: 'Riverside',
};

const KEEPER_REPORT = 'GET /api/user/report';

async function askForMarch() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Start Date'), '2026-03-01');
  await user.type(screen.getByLabelText('End Date'), '2026-03-31');
  await user.click(screen.getByRole('button', { name: 'Fetch Report' }));
  return user;
}

describe("the keeper's report page", () => {
  it('says both dates are needed before it asks the server anything', async () => {
    signInAs('user');
    const calls = stubApi({});
    renderAt('/dashboard/generatereport');
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select both Start Date and End Date.');
    expect(calls.filter((call) => call.key === KEEPER_REPORT)).toHaveLength(0);
  });

  it('shows the rows with their PDF and CSV, and reads the report again when asked again', async () => {
    signInAs('user');
    const calls = stubApi({ [KEEPER_REPORT]: { body: { data: [cementRow] } } });
    renderAt('/dashboard/generatereport');
    const user = await askForMarch();
    // The table draws only rows in view, and the test's page has no layout: the files offered mark rows found.
    expect(await screen.findByRole('button', { name: 'Download PDF Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fetch Report' }));
    await waitFor(() => expect(calls.filter((call) => call.key === KEEPER_REPORT)).toHaveLength(2));
  });

  it("asks for the PDF in the app's language", async () => {
    signInAs('user');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = stubApi({ [KEEPER_REPORT]: { body: { data: [cementRow] } }, [`${KEEPER_REPORT}/pdf`]: { body: '%PDF-1.7' } });
    renderAt('/dashboard/generatereport');
    const user = await askForMarch();
    await screen.findByRole('button', { name: 'Download PDF Report' });
    await chooseLanguage('fr');
    await user.click(await screen.findByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(calls.find((call) => call.key === `${KEEPER_REPORT}/pdf`)?.headers['Accept-Language']).toBe('fr'));
  });

  it('says so when the range holds nothing, and offers no file', async () => {
    signInAs('user');
    stubApi({ [KEEPER_REPORT]: { body: { data: [] } } });
    renderAt('/dashboard/generatereport');
    await askForMarch();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF Report' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the report cannot be read", async () => {
    signInAs('user');
    stubApi({ [KEEPER_REPORT]: { status: 403, body: { message: 'You do not have permission to do this.' } } });
    renderAt('/dashboard/generatereport');
    await askForMarch();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByRole('button', { name: 'Download PDF Report' })).not.toBeInTheDocument();
  });

  it('shows the busy button while the report is on its way', async () => {
    signInAs('user');
    const held = holdApi('/api/user/report');
    renderAt('/dashboard/generatereport');
    await askForMarch();
    expect(await screen.findByRole('button', { name: 'Fetching...' })).toBeDisabled();
    held.answer({ data: [cementRow] });
    expect(await screen.findByRole('button', { name: 'Download PDF Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch Report' })).toBeEnabled();
  });
});

describe("the admin's report page", () => {
  it('asks for a store and dates, then reads the chosen store', async () => {
    signInAs('admin');
    const riverside = { _id: crypto.randomUUID(), name: 'Riverside', storeName: 'Riverside', location: 'Dock road', openingHours: '' };
    const calls = stubApi({
      'GET /api/stores': { body: [riverside] },
      'GET /api/report/generate-report': { body: [cementRow] },
    });
    renderAt('/dashboard/generatereport');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fetch Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a store and date range.');
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside' }));
    await askForMarch();
    expect(await screen.findByRole('button', { name: 'Generate PDF Report' })).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/report/generate-report')).toHaveLength(1);
  });
});
