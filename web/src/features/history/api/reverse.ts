import type { ReverseMovementRequest, ReverseMovementResponse } from '@stockyard/contract';
import { apiFetch } from '../../../lib/api';
import { useStockMutation } from '../../../lib/stock-mutation';

/** Reverses a movement; every stock query (lists, this history, reports) is fetched again. */
export function useReverseMovement() {
  return useStockMutation((input: { id: string; key: string } & ReverseMovementRequest) =>
    apiFetch<ReverseMovementResponse>(`/api/movements/${input.id}/reverse`, {
      method: 'POST',
      body: { reason: input.reason },
      idempotencyKey: input.key,
    }),
  );
}
