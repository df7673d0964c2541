import type { Role } from '@stockyard/contract';

/** Where each role lands after sign-in; other roles go back to /login. */
export function homeOf(role: Role | null): string {
  switch (role) {
    case 'admin':
      return '/dashboard/admin';
    case 'user':
    case 'manager':
      return '/dashboard/manager-dashboard';
    case 'store-user':
      return '/dashboard/store-user-dashboard';
    default:
      return '/login';
  }
}
