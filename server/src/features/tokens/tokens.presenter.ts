import type { ApiToken } from '@stockyard/contract';
import type { ApiTokenRow } from './tokens.repository';

/** A token as its owner lists it: never its secret. */
export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
