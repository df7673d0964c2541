import type { AddAttachmentsResponse } from '@stockyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { movementKeys } from './movements';

/** Adds files to a ledger line its recorder made within the day; the histories are fetched again. */
export function useAddAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; attachments: string[]; key: string }) =>
      apiFetch<AddAttachmentsResponse>(`/api/movements/${input.id}/attachments`, {
        method: 'POST',
        body: { attachments: input.attachments },
        idempotencyKey: input.key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: movementKeys.all }),
  });
}
