import type { Session } from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

type SignedOut = { message: string; signedOut: number };

export const sessionKeys = { all: ['sessions'] as const };

/** The caller's own sessions (no user id), or a user's as an admin sees them. */
export const sessionsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: [...sessionKeys.all, userId ?? 'own'],
    queryFn: () => apiFetch<Session[]>(userId ? `/api/users/${userId}/sessions` : '/api/auth/sessions'),
  });

export function useSessions(userId: string | null, enabled = true) {
  return useQuery({ ...sessionsQuery(userId), enabled });
}

/** Signs out one session (`sessionId`), or all of a user's (admin), or all but the caller's own. */
export function useSignOut(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { sessionId: string } | { everywhereElse: true }) => {
      if ('sessionId' in which) {
        const path = userId ? `/api/users/${userId}/sessions/${which.sessionId}` : `/api/auth/sessions/${which.sessionId}`;
        return apiFetch<SignedOut>(path, { method: 'DELETE' });
      }
      const path = userId ? `/api/users/${userId}/sessions/sign-out-all` : '/api/auth/sessions/sign-out-others';
      return apiFetch<SignedOut>(path, { method: 'POST' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
