import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/render';
import * as outbox from './outbox';
import { useOutbox } from './use-outbox';

const USER_ID = '7f1c2b3a-0000-4000-8000-000000000002';
const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s'] })).replace(/=+$/, '')}.sig`;

/** Reads of the rejected ops that the test holds back, to answer them late. */
const held: (() => void)[] = [];
let holding = false;

vi.mock('./outbox', async (importOriginal) => {
  const original = await importOriginal<typeof import('./outbox')>();
  return {
    ...original,
    rejectedOps: async (userId: string) => {
      if (holding) await new Promise<void>((resume) => held.push(resume));
      return original.rejectedOps(userId);
    },
  };
});

afterEach(async () => {
  holding = false;
  await outbox.discardAll(USER_ID);
});

const op: outbox.QueuedOp = {
  opId: '0b7d3c52-1f4e-4a7b-9c55-6f1d2e3a4b5c',
  kind: 'issue',
  itemKind: 'material',
  itemId: 'cement',
  storeId: 's',
  quantity: 4,
  capturedAt: '2026-11-27T08:00:00.000Z',
  userId: USER_ID,
  itemName: 'Cement',
  itemUnit: 'bag',
} as outbox.QueuedOp;

it('shows the outbox as its latest read found it, even when an earlier read answers last', async () => {
  signInAs('user', token);
  const { result } = renderHook(() => useOutbox());
  await waitFor(() => expect(result.current.isLoaded).toBe(true));

  // The read after the op is kept is slow; the one after it is sent answers first.
  holding = true;
  await act(() => outbox.enqueue(op));
  holding = false;
  await act(() => outbox.remove(op.opId));
  await waitFor(() => expect(held).toHaveLength(1));
  await act(async () => {
    for (const resume of held.splice(0)) resume();
    await new Promise((settled) => setTimeout(settled, 20));
  });

  expect(result.current.waiting).toEqual([]);
});
