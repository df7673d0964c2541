import { NO_STORE_ACCESS, type Role } from '@stockyard/contract';
import { AppError } from '../errors';

export type Permission =
  | 'users:manage'
  | 'users:set-password'
  | 'users:end-sessions'
  | 'stores:manage'
  | 'stores:read'
  | 'account:change-password'
  | 'account:sessions'
  | 'account:mfa'
  | 'account:tokens'
  | 'account:sign-out'
  | 'account:language'
  | 'items:read'
  | 'items:create'
  | 'items:edit'
  | 'items:delete'
  | 'items:remark'
  | 'stock:move'
  | 'deliveries:read'
  | 'deliveries:write'
  | 'movements:read'
  | 'reports:own-store'
  | 'reports:any-store'
  | 'audit:read'
  | 'workers:manage'
  | 'account:notifications'
  | 'custody:read'
  | 'transfers:approve'
  | 'costs:read'
  | 'costs:manage'
  | 'settings:read'
  | 'settings:manage'
  | 'jobs:read'
  | 'jobs:manage'
  | 'suppliers:read'
  | 'suppliers:manage'
  | 'purchases:read'
  | 'purchases:order'
  | 'purchases:receive'
  | 'invoices:manage'
  | 'webhooks:manage'
  | 'journal:export';

/** What every signed-in person may do with their own account. */
const ownAccount: readonly Permission[] = [
  'account:change-password',
  'account:sessions',
  'account:tokens',
  'account:sign-out',
  'account:language',
  'account:notifications',
  'settings:read',
];

const storeKeeper: readonly Permission[] = [
  ...ownAccount,
  'stores:read',
  'account:mfa',
  'items:read',
  'items:create',
  'items:remark',
  'stock:move',
  'deliveries:read',
  'deliveries:write',
  'movements:read',
  'reports:own-store',
  'workers:manage',
  'custody:read',
  'costs:read',
  'jobs:read',
  'suppliers:read',
  'purchases:read',
  // A keeper orders only when the company lets keepers order (its buying settings).
  'purchases:order',
  'purchases:receive',
];

const grants: Record<Role, readonly Permission[]> = {
  admin: [
    'users:set-password',
    'users:end-sessions',
    ...storeKeeper,
    'users:manage',
    'stores:manage',
    'items:edit',
    'items:delete',
    'reports:any-store',
    'audit:read',
    'transfers:approve',
    'costs:manage',
    'settings:manage',
    'jobs:manage',
    'suppliers:manage',
    'webhooks:manage',
    'journal:export',
    'invoices:manage',
  ],
  user: storeKeeper,
  'store-user': [...ownAccount, 'stores:read', 'account:mfa', 'items:read', 'custody:read'],
  // A manager signs the month-end report, values included.
  manager: [...ownAccount, 'stores:read', 'items:read', 'deliveries:read', 'movements:read', 'reports:own-store', 'costs:read'],
};

export function can(role: Role, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/** Whether a caller sees costs and values: a store user's answers carry no money field at all. */
export function seesCosts(auth: { role: Role }): boolean {
  return can(auth.role, 'costs:read');
}

/**
 * What a script must never do with an API token, whatever its scope: passwords (the person's own and,
 * for an admin, anyone's), second factors, sessions and tokens stay with a person signed in, so a
 * leaked token cannot lock people out, sign them out, or mint itself successors.
 */
const SIGNED_IN_ONLY: readonly Permission[] = [
  'account:change-password',
  'users:set-password',
  'users:end-sessions',
  'account:mfa',
  'account:sessions',
  'account:tokens',
  'account:sign-out',
];

export function needsSignedInPerson(permission: Permission | undefined): boolean {
  return permission === undefined || SIGNED_IN_ONLY.includes(permission);
}

/** What a caller is told who names a store that is not theirs. */
export { NO_STORE_ACCESS } from '@stockyard/contract';

/** Admins reach every store; everybody else only the stores assigned to them. */
export function canAccessStore(auth: { role: Role; stores: string[] }, storeId: string): boolean {
  return auth.role === 'admin' || auth.stores.includes(storeId);
}

/** A list asked for one store: 403 when the caller cannot see that store, as every store-scoped call answers. */
export function assertStoreVisible(auth: { role: Role; stores: string[] }, storeId: string | undefined): void {
  if (storeId !== undefined && !canAccessStore(auth, storeId)) throw new AppError('forbidden', NO_STORE_ACCESS);
}

/** The stores a caller's queries are limited to: `null` means every store. */
export function storeScopeOf(auth: { role: Role; stores: string[] }): string[] | null {
  return auth.role === 'admin' ? null : auth.stores;
}
