import type { User } from '@stockyard/contract';
import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

type UserRow = {
  id: string;
  name: string;
  email: string;
  role: User['role'];
  created_at: string | Date;
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

const storesOfUser = sql`(select json_agg(json_build_object('_id', s.id, 'name', s.name) order by us.position, s.id)
  from user_stores us join stores s on s.id = us.store_id where us.user_id = u.id)`;

/** Live users matching `q` on name, email or role, newest first, with the total before paging. */
export async function findUsers(
  db: DbOrTx,
  options: { q?: string; limit?: number; offset: number; ids?: string[] },
): Promise<{ users: User[]; total: number }> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : null;
  const filter = sql`u.deleted_at is null
    and (${pattern}::text is null or u.name ilike ${pattern} or u.email ilike ${pattern} or u.role ilike ${pattern})
    ${options.ids ? sql`and ${inArray(sql`u.id`, options.ids)}` : sql``}`;
  const rows = await queryRows<UserRow & { total: number }>(
    db,
    sql`select u.id, u.name, u.email, u.role, u.created_at, ${storesOfUser} as stores, count(*) over ()::int as total
        from users u where ${filter}
        order by u.created_at desc, u.id
        limit ${options.limit ?? null} offset ${options.offset}`,
  );
  return { users: rows.map(presentUser), total: rows[0]?.total ?? 0 };
}

/** Escapes the wildcards of LIKE so a search for "50%" means the text "50%". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
