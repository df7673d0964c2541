import type { AuditEvent, AuditListResponse } from '@stockyard/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const storeCreated: AuditEvent = {
  _id: crypto.randomUUID(),
  at: '2026-03-04T09:15:00.000Z',
  actor: { _id: crypto.randomUUID(), name: 'Ana Admin' },
  action: 'create',
  entityType: 'store',
  entityId: crypto.randomUUID(),
  entityName: 'Riverside',
  storeId: null,
  details: { location: 'Dock road' },
};

const AUDIT = 'GET /api/audit';

describe('the audit trail', () => {
  it('lists who did what to which record, with its details', async () => {
    signInAs('admin');
    stubApi({ [AUDIT]: { body: { events: [storeCreated], total: 1 } satisfies AuditListResponse } });
    renderAt('/dashboard/audit');
    expect(await screen.findByText('Riverside')).toBeInTheDocument();
    expect(screen.getByText('Ana Admin')).toBeInTheDocument();
    expect(screen.getByText('location: Dock road')).toBeInTheDocument();
  });

  it('shows the loading row until the trail arrives', async () => {
    signInAs('admin');
    const held = holdApi('/api/audit');
    renderAt('/dashboard/audit');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    held.answer({ events: [storeCreated], total: 1 } satisfies AuditListResponse);
    expect(await screen.findByText('Riverside')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    signInAs('admin');
    stubApi({ [AUDIT]: { body: { events: [], total: 0 } satisfies AuditListResponse } });
    renderAt('/dashboard/audit');
    expect(await screen.findByText('Nothing recorded for these filters.')).toBeInTheDocument();
  });

  it("shows the server's reason when the trail cannot be read", async () => {
    signInAs('admin');
    stubApi({ [AUDIT]: { status: 403, body: { message: 'You do not have permission to do this.' } } });
    renderAt('/dashboard/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });

  it('asks the server for the chosen dates, from the first page', async () => {
    signInAs('admin');
    const asked: URL[] = [];
    stubApi({
      [AUDIT]: (_body, url) => {
        asked.push(url);
        return { body: { events: [storeCreated], total: 1 } satisfies AuditListResponse };
      },
    });
    renderAt('/dashboard/audit');
    await screen.findByText('Riverside');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('from')).toBe('2026-03-01'));
    expect(asked.at(-1)?.searchParams.get('offset')).toBe('0');
  });
});
