import type { MessageResponse, User, UserCreateRequest, UserListResponse } from '@stockyard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paging';

export const userKeys = { all: ['users'] as const };

export const usersPageQuery = (q: string, page: number) =>
  pagedQuery({ key: userKeys.all, path: '/api/auth/fetch-users', rowsOf: (data: UserListResponse) => data.users }, { q, page });

export function useUsersPage(q: string, page: number) {
  return useQuery(usersPageQuery(q, page));
}

function useUserMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

export function useCreateUser() {
  return useUserMutation((input: UserCreateRequest) =>
    apiFetch<MessageResponse & { user: User }>('/api/auth/create-user', { method: 'POST', body: input }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: string) => apiFetch<MessageResponse>(`/api/auth/delete-user/${id}`, { method: 'DELETE' }));
}

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: (input: { userId: string; newPassword: string }) =>
      apiFetch<MessageResponse>('/api/auth/change-user-password', { method: 'POST', body: input }),
  });
}
