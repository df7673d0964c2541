import type { Role } from '@stockyard/contract';

export type Permission = 'users:manage' | 'stores:manage' | 'stores:read' | 'account:change-password';

const grants: Record<Role, readonly Permission[]> = {
  admin: ['users:manage', 'stores:manage', 'stores:read', 'account:change-password'],
  user: ['stores:read', 'account:change-password'],
  'store-user': ['stores:read', 'account:change-password'],
  manager: ['stores:read', 'account:change-password'],
};

export function can(role: Role, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/** Admins reach every store; everybody else only the stores assigned to them. */
export function canAccessStore(auth: { role: Role; stores: string[] }, storeId: string): boolean {
  return auth.role === 'admin' || auth.stores.includes(storeId);
}
