import type { MessageResponse, User, UserCreateRequest, UserListResponse } from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export const userKeys = { all: ['users'] as const };

export const usersQuery = queryOptions({
  queryKey: userKeys.all,
  queryFn: async () => (await apiFetch<UserListResponse>('/api/auth/fetch-users')).users,
});

export function useUsers() {
  return useQuery(usersQuery);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateRequest) =>
      apiFetch<MessageResponse & { user: User }>('/api/auth/create-user', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/api/auth/delete-user/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: (input: { userId: string; newPassword: string }) =>
      apiFetch<MessageResponse>('/api/auth/change-user-password', { method: 'POST', body: input }),
  });
}
