import type { LabelSheetRequest } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drill } from '../../../test/fixtures';
import { renderAt, signInAs, stubApi } from '../../../test/render';

const saved: string[] = [];

beforeEach(() => {
  // jsdom saves no files: the sheet handed to the browser is noted instead.
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:sheet', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openLabels() {
  renderAt('/dashboard/alltool');
  const user = userEvent.setup();
  await screen.findByRole('row', { name: /Drill/ });
  await user.click(screen.getByRole('button', { name: 'Print labels' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Print labels' }) };
}

describe('printing labels', () => {
  it('starts with every listed item and downloads the sheet the server makes', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/tools/view-tools': { body: { tools: [drill] } },
      'POST /api/labels/sheet': { body: '%PDF-1.7' },
    });
    const { user, dialog } = await openLabels();
    expect(within(dialog).getByText('Labels (1)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['stockyard-labels.pdf']));
    const asked = calls.find((call) => call.key === 'POST /api/labels/sheet')?.body as LabelSheetRequest;
    expect(asked).toEqual({ layout: 'L7160', skip: 0, items: [{ itemKind: 'tool', id: drill._id }] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Print labels' })).not.toBeInTheDocument());
  });

  it('says under the list when no item is chosen, and sends nothing', async () => {
    signInAs('user');
    const calls = stubApi({ 'GET /api/tools/view-tools': { body: { tools: [drill] } } });
    const { user, dialog } = await openLabels();
    // Backspace in the list's field takes its last item out, as on a phone's keyboard.
    await user.click(within(dialog).getAllByLabelText('Labels (1)')[0] as HTMLElement);
    await user.keyboard('{Backspace}');
    expect(await within(dialog).findByText('Labels (0)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByText('Select at least one item.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST /api/labels/sheet')).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    signInAs('user');
    stubApi({
      'GET /api/tools/view-tools': { body: { tools: [drill] } },
      'POST /api/labels/sheet': { status: 404, body: { message: 'Tool not found' } },
    });
    const { user, dialog } = await openLabels();
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tool not found');
    expect(saved).toEqual([]);
  });
});
