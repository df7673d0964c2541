import type { User } from '@stockyard/contract';
import type { users } from '../../db/schema';
import type { RowOf } from '../../db/sql';

export type UserRow = Pick<RowOf<typeof users>, 'id' | 'name' | 'email' | 'created_at'> & {
  role: User['role'];
  stores: { _id: string; name: string }[] | null;
};

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    stores: row.stores ?? [],
    createdAt: new Date(row.created_at).toISOString(),
  };
}
