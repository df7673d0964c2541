import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

export type NotificationRow = {
  id: string;
  kind: string;
  text: string;
  store_id: string | null;
  store_name: string | null;
  material_id: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
};

/** A user's latest notifications and how many of all of theirs are unread. */
export async function findNotifications(db: DbOrTx, userId: string, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await queryRows<NotificationRow>(
    db,
    sql`select n.id, n.kind, n.text, n.store_id, s.name as store_name, n.material_id, n.created_at, n.read_at
        from notifications n left join stores s on s.id = n.store_id
        where n.user_id = ${userId} order by n.created_at desc, n.id limit ${limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return { rows, unread: count?.n ?? 0 };
}

/** Marks one of the user's notifications read (or all, with null); false when there is no such notification of theirs. */
export async function markRead(db: DbOrTx, userId: string, id: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where user_id = ${userId} ${id ? sql`and id = ${id}` : sql`and read_at is null`} returning id`,
  );
  return id === null || rows.length > 0;
}
