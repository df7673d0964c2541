import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter } from '../../db/sql';

export type ExpiringRow = {
  material_id: string;
  material: string;
  unit: string;
  store_id: string;
  store_name: string;
  batch: string;
  expires_on: string;
  quantity: string;
  days_left: number;
  total: number;
};

/**
 * Batches in stock of live materials kept by batch in the caller's stores that expire within
 * `withinDays` of `today` (each store's own warning days when not given), expired first.
 */
export function findExpiring(
  db: DbOrTx,
  filter: { storeIds: string[] | null; storeId?: string; withinDays?: number; today: string; limit: number; offset: number },
): Promise<ExpiringRow[]> {
  const window = filter.withinDays === undefined ? sql`s.expiry_warning_days` : sql`${filter.withinDays}::int`;
  return queryRows<ExpiringRow>(
    db,
    sql`select m.id as material_id, m.name as material, m.unit, s.id as store_id, s.name as store_name, b.batch,
               b.expires_on::text as expires_on, b.quantity, (b.expires_on - ${filter.today}::date)::int as days_left,
               count(*) over ()::int as total
        from material_batches b
        join materials m on m.id = b.material_id
        join stores s on s.id = b.store_id
        where b.quantity > 0 and b.expires_on is not null and m.deleted_at is null and m.tracks_expiry
          and b.expires_on <= ${filter.today}::date + ${window}
          and ${storeFilter(filter.storeIds, sql`b.store_id`)}
          ${filter.storeId ? sql`and b.store_id = ${filter.storeId}` : sql``}
        order by b.expires_on, lower(m.name), b.batch
        limit ${filter.limit} offset ${filter.offset}`,
  );
}

/**
 * Tells each store's keepers once of each batch in stock that came within the store's warning days
 * ("expiring") and once more when it expired ("expired"); a batch first seen already expired is told
 * only that. Conditional UPDATEs mark what was told, so two checks at once tell once. Only one
 * material's batches when `materialId` is given. How many batches it told of.
 */
export async function notifyExpiry(db: DbOrTx, input: { today: string; materialId?: string }): Promise<number> {
  const today = sql`${input.today}::date`;
  // A batch in stock with an expiry, of a live material kept by batch, with its store.
  const scope = sql`b.quantity > 0 and b.expires_on is not null and m.id = b.material_id and m.deleted_at is null and m.tracks_expiry
                    and s.id = b.store_id`;
  const ofMaterial = input.materialId ? sql`and b.material_id = ${input.materialId}` : sql``;
  const [row] = await queryRows<{ told: number }>(
    db,
    sql`with expiring as (
          update material_batches b set expiring_notified_at = now()
          from materials m, stores s
          where ${scope} ${ofMaterial} and b.expiring_notified_at is null
            and b.expires_on >= ${today} and b.expires_on <= ${today} + s.expiry_warning_days
          returning 'batchExpiring' as code, b.store_id, b.material_id, m.name, b.batch, b.expires_on, b.quantity, m.unit, s.name as store_name
        ), expired as (
          update material_batches b set expired_notified_at = now(), expiring_notified_at = coalesce(b.expiring_notified_at, now())
          from materials m, stores s
          where ${scope} ${ofMaterial} and b.expired_notified_at is null and b.expires_on < ${today}
          returning 'batchExpired' as code, b.store_id, b.material_id, m.name, b.batch, b.expires_on, b.quantity, m.unit, s.name as store_name
        ), told as (
          select * from expiring union all select * from expired
        ), notified as (
          insert into notifications (user_id, kind, store_id, material_id, code, params)
          select us.user_id, 'expiry', told.store_id, told.material_id, told.code,
                 jsonb_build_array(told.name, told.batch, to_char(told.expires_on, 'DD/MM/YYYY'), told.store_name,
                                   trim_scale(told.quantity), told.unit)
          from told
          join user_stores us on us.store_id = told.store_id
          join users u on u.id = us.user_id and u.deleted_at is null and u.role = 'user'
          returning 1
        )
        select count(*)::int as told from told`,
  );
  return row?.told ?? 0;
}

/** The advisory lock the expiry check runs under: one process at a time checks. */
const EXPIRY_CHECK_LOCK = 4_239_002;

/** Takes the expiry check's lock for the caller's transaction, unless another process holds it. */
export async function tryExpiryCheckLock(tx: DbOrTx): Promise<boolean> {
  const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${EXPIRY_CHECK_LOCK}) as taken`);
  return lock?.taken ?? false;
}
