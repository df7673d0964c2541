import type { AccountSettings, AccountSettingsResponse } from '@stockyard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

const accountKeys = { all: ['accounts'] as const };

/** The accounts the journal posts to, as the company set them (defaults until then). */
export function useAccountSettings() {
  return useQuery({ queryKey: accountKeys.all, queryFn: () => apiFetch<AccountSettingsResponse>('/api/settings/accounts') });
}

/** Saves every account's code and name. */
export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accounts, idempotencyKey }: { accounts: AccountSettings; idempotencyKey: string }) =>
      apiFetch<AccountSettingsResponse & { message: string }>('/api/settings/accounts', { method: 'PUT', body: accounts, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
