import type { ChangePasswordRequest, ChangePasswordResponse } from '@stockyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { replaceToken } from '../../../lib/session';

export async function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  const answer = await apiFetch<ChangePasswordResponse>('/api/auth/change-password', { method: 'POST', body: input });
  // Every earlier session has ended; this device carries on with the fresh token.
  replaceToken(answer.token);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
