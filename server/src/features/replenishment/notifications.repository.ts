import type { NoticeCode, NoticePart } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { notifications, users } from '../../db/schema';
import { queryRows, type RowOf } from '../../db/sql';

export type NotificationRow = Pick<
  RowOf<typeof notifications>,
  'id' | 'kind' | 'code' | 'params' | 'text' | 'store_id' | 'material_id' | 'created_at' | 'read_at'
> & { store_name: string | null };

/** A user's latest notifications and how many of all of theirs are unread. */
export async function findNotifications(db: DbOrTx, userId: string, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await queryRows<NotificationRow>(
    db,
    sql`select n.id, n.kind, n.code, n.params, n.text, n.store_id, s.name as store_name, n.material_id, n.created_at, n.read_at
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
  const rows = await queryRows<Pick<RowOf<typeof notifications>, 'id'>>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where user_id = ${userId} ${id ? sql`and id = ${id}` : sql`and read_at is null`} returning id`,
  );
  return id === null || rows.length > 0;
}

export type PendingMail = Pick<RowOf<typeof notifications>, 'id' | 'kind' | 'code' | 'params' | 'text' | 'mail_attempts'> &
  Pick<RowOf<typeof users>, 'email' | 'name' | 'language'> & { store_name: string | null };

/**
 * Takes up to `limit` notifications whose email is due, leasing them for `leaseSeconds` (their next
 * try moves past the lease) so a second process, or the next tick, does not send them too. Those
 * older than a day are not mailed at all: news of a shortage that old is no longer news.
 */
export async function leasePendingMail(db: DbOrTx, limit: number, leaseSeconds: number): Promise<PendingMail[]> {
  await db.execute(
    sql`update notifications set mail_state = 'skipped'
        where mail_state = 'pending' and mail_next_at <= now() and created_at < now() - interval '1 day'`,
  );
  return queryRows<PendingMail>(
    db,
    sql`with due as (
          select id from notifications where mail_state = 'pending' and mail_next_at <= now()
          order by mail_next_at limit ${limit} for update skip locked
        )
        update notifications n set mail_next_at = now() + make_interval(secs => ${leaseSeconds})
        from due, users u, notifications o left join stores s on s.id = o.store_id
        where n.id = due.id and o.id = n.id and u.id = n.user_id
        returning n.id, n.kind, n.code, n.params, n.text, u.email, u.name, u.language, s.name as store_name, n.mail_attempts`,
  );
}

/**
 * Tells people of a store something, in the caller's transaction: its keepers, the admins, or both
 * (never the one who did it). It is kept as a notice code and its parts, and mailed like any notification.
 */
export async function notifyStore(
  tx: DbOrTx,
  input: {
    storeId: string;
    keepers: boolean;
    admins: boolean;
    kind: string;
    code: NoticeCode;
    params: NoticePart[];
    exceptUserId: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into notifications (user_id, kind, store_id, code, params)
        select u.id, ${input.kind}, ${input.storeId}, ${input.code}, ${JSON.stringify(input.params)}::jsonb
        from users u
        where u.deleted_at is null and u.id <> ${input.exceptUserId}
          and ((${input.admins} and u.role = 'admin')
               or (${input.keepers} and u.role = 'user'
                   and exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = ${input.storeId})))`,
  );
}

/** Tells every admin something that belongs to no store, in the caller's transaction. */
export async function notifyAdmins(tx: DbOrTx, input: { kind: string; code: NoticeCode; params: NoticePart[] }): Promise<void> {
  await tx.execute(
    sql`insert into notifications (user_id, kind, code, params)
        select u.id, ${input.kind}, ${input.code}, ${JSON.stringify(input.params)}::jsonb
        from users u where u.deleted_at is null and u.role = 'admin'`,
  );
}
