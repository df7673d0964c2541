import type { Count, CountLine } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const COUNT_ID = '7f1c2a9e-0000-4000-8000-000000000001';

function line(name: string, overrides: Partial<CountLine> = {}): CountLine {
  return {
    itemId: crypto.randomUUID(),
    name,
    unit: 'bag',
    decimals: 0,
    counted: null,
    expected: null,
    difference: null,
    countedAt: null,
    countedBy: null,
    movementsSince: 0,
    movedSince: null,
    reason: null,
    attachments: [],
    ...overrides,
  };
}

function count(lines: CountLine[], overrides: Partial<Count> = {}): Count {
  return {
    _id: COUNT_ID,
    store: { _id: 's1', name: 'Riverside' },
    itemKind: 'material',
    status: 'counting',
    createdAt: '2026-11-20T08:00:00.000Z',
    createdBy: { _id: 'u1', name: 'Pat Keeper' },
    submittedAt: null,
    closedAt: null,
    closedBy: null,
    lineCount: lines.length,
    countedCount: lines.filter((l) => l.counted !== null).length,
    isBlind: true,
    tolerancePercent: 0,
    canPost: false,
    lines,
    ...overrides,
  };
}

describe('CountPage', () => {
  it('lets a keeper count blind: no quantity on the books shown, each count saved as it is typed', async () => {
    signInAs('user');
    const cement = line('Cement');
    const calls = stubApi({
      [`GET /api/counts/${COUNT_ID}`]: { body: { message: 'OK', count: count([cement, line('Sand')]) } },
      [`PUT /api/counts/${COUNT_ID}/lines/${cement.itemId}`]: (body) => ({
        body: { message: 'Counted.', line: { ...cement, counted: (body as { counted: number }).counted } },
      }),
    });
    renderAt(`/dashboard/counts/${COUNT_ID}`);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Counted Cement' });
    expect(screen.queryByText(/^Books:/)).not.toBeInTheDocument();
    await user.type(field, '97{Enter}');
    await waitFor(() => expect(calls.filter((call) => call.key.startsWith('PUT'))).toHaveLength(1));
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({ counted: 97 });
    expect(await screen.findByText('1 of 2 counted')).toBeInTheDocument();
  });

  it('shows the review with differences and posts with a reason for each', async () => {
    signInAs('admin');
    const cement = line('Cement', { counted: 97, expected: 100, difference: -3, movementsSince: 1, movedSince: -10 });
    const sand = line('Sand', { counted: 40, expected: 40, difference: 0 });
    const review = count([cement, sand], { status: 'submitted', isBlind: false, canPost: true });
    const calls = stubApi({
      [`GET /api/counts/${COUNT_ID}`]: { body: { message: 'OK', count: review } },
      [`POST /api/counts/${COUNT_ID}/post`]: { body: { message: 'Count posted.', count: { ...review, status: 'posted' } } },
    });
    renderAt(`/dashboard/counts/${COUNT_ID}`);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Count review' });
    expect(within(table).getByText('-3')).toBeInTheDocument();
    expect(within(table).getByText('-10 (1)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reason for Sand' })).not.toBeInTheDocument();
    // Before posting, the screen names the lines that still need a reason.
    expect(screen.getByRole('note')).toHaveTextContent('Give a reason for every difference: Cement.');
    await user.type(screen.getByRole('textbox', { name: 'Reason for Cement' }), 'Torn bags');
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post count' }));
    expect(await screen.findByText('Count posted.')).toBeInTheDocument();
    const post = calls.find((call) => call.key.startsWith('POST'));
    expect(post?.body).toEqual({ reasons: { [cement.itemId]: 'Torn bags' } });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("tells a keeper when a difference is beyond the store's tolerance", async () => {
    signInAs('user');
    const cement = line('Cement', { counted: 90, expected: 100, difference: -10 });
    stubApi({
      [`GET /api/counts/${COUNT_ID}`]: {
        body: { message: 'OK', count: count([cement], { status: 'submitted', isBlind: false, tolerancePercent: 5 }) },
      },
    });
    renderAt(`/dashboard/counts/${COUNT_ID}`);
    expect(
      await screen.findByText("A difference is beyond this store's count tolerance of 5%: an admin posts this count."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post count' })).toBeDisabled();
    // The admin who posts it gives the reasons: the keeper is not asked for them.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('on a phone, shows each line of the review as a card with every figure and its reason field', async () => {
    signInAs('user');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 36em)',
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    const cement = line('Cement', { counted: 97, expected: 100, difference: -3, movementsSince: 1, movedSince: -10 });
    const sand = line('Sand', { counted: 40, expected: 40, difference: 0 });
    stubApi({
      [`GET /api/counts/${COUNT_ID}`]: {
        body: { message: 'OK', count: count([cement, sand], { status: 'submitted', isBlind: false, canPost: true }) },
      },
    });
    renderAt(`/dashboard/counts/${COUNT_ID}`);
    const cards = await screen.findByRole('list', { name: 'Count review' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getByRole('listitem', { name: 'Cement' });
    expect(within(card).getByTestId(`Expected-${cement.itemId}`)).toHaveTextContent('100');
    expect(within(card).getByTestId(`Counted-${cement.itemId}`)).toHaveTextContent('97');
    expect(within(card).getByTestId(`Difference-${cement.itemId}`)).toHaveTextContent('-3');
    expect(within(card).getByTestId(`Moved since-${cement.itemId}`)).toHaveTextContent('-10 (1)');
    expect(within(card).getByRole('textbox', { name: 'Reason for Cement' })).toBeInTheDocument();
    expect(within(within(cards).getByRole('listitem', { name: 'Sand' })).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Give a reason for every difference: Cement.');
    vi.restoreAllMocks();
  });
});
