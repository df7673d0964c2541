import type { LoginRequest, LoginResponse } from '@stockyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export function login(input: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/login', { method: 'POST', body: input, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
