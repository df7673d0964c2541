import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ItemKind, MOVEMENT_EFFECTS, type MovementKind, type tools } from '../../db/schema';
import { queryRows, type RowOf, storeFilter } from '../../db/sql';
import type { IdempotencyClaim } from '../../lib/idempotency';

/** An item's row as the ledger statement returns it: every column of its table plus its store's name. */
export type ItemRow = RowOf<typeof tools> & { store_name: string };

const TABLES: Record<ItemKind, string> = { material: 'materials', tool: 'tools' };

export type MovementInput = {
  itemKind: ItemKind;
  itemId: string;
  /** The stores the caller may touch; `null` for every store (an admin). */
  storeIds: string[] | null;
  kind: MovementKind;
  /** Units; negative only for a delivery correction or an adjustment. */
  quantity: number;
  actorId: string | null;
  occurredAt?: SQL;
  reason?: string | null;
  supplier?: string | null;
  deliveryId?: string | null;
  idempotencyKey?: string | null;
  claim?: IdempotencyClaim;
};

export type MovementResult<R extends ItemRow = ItemRow> = { isRecorded: true; item: R } | { isRecorded: false; current: R | undefined };

/**
 * Moves an item's counters and appends the ledger row in one statement, inside the caller's
 * transaction. The counter change is a conditional UPDATE: no counter may go below zero, so two
 * keepers issuing the last unit at the same moment cannot both succeed. When the condition fails (or the
 * item is not the caller's) nothing is written and the current row, if any, is returned for the message.
 */
export async function recordMovement<R extends ItemRow>(tx: DbOrTx, input: MovementInput): Promise<MovementResult<R>> {
  const table = sql.identifier(TABLES[input.itemKind]);
  const changes = Object.entries(MOVEMENT_EFFECTS[input.kind]).map(([column, perUnit]) => ({
    column: sql.identifier(column),
    delta: perUnit * input.quantity,
  }));
  const assignments = sql.join(
    changes.map(({ column, delta }) => sql`${column} = ${column} + ${delta}::int`),
    sql`, `,
  );
  const guards = sql.join(
    changes.map(({ column, delta }) => sql`${column} + ${delta}::int >= 0`),
    sql` and `,
  );
  // One statement: the counter update and the ledger row it justifies, or neither.
  const [item] = await queryRows<R>(
    tx,
    sql`with moved as (
          update ${table} set ${assignments}
          where id = ${input.itemId} and deleted_at is null and ${storeFilter(input.storeIds)} and ${guards}
          returning *, (select s.name from stores s where s.id = store_id) as store_name
        ), logged as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, reason, supplier, delivery_id, idempotency_key)
          select store_id, ${input.itemKind}, id, ${input.kind}, ${input.quantity}, ${input.occurredAt ?? sql`now()`}, ${input.actorId},
                 ${input.reason ?? null}, ${input.supplier ?? null}, ${input.deliveryId ?? null}, ${input.claim?.key ?? input.idempotencyKey ?? null}
          from moved
        )${
          input.claim
            ? sql`, claimed as (
          insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
          select ${input.claim.userId}, ${input.claim.key}, ${input.claim.fingerprint}, 200,
                 jsonb_build_object('message', ${input.claim.message}::text, 'row', to_jsonb(moved.*))
          from moved
        )`
            : sql``
        }
        select * from moved`,
  );
  if (!item) {
    const [current] = await queryRows<R>(
      tx,
      sql`select * from ${table} where id = ${input.itemId} and deleted_at is null and ${storeFilter(input.storeIds)}`,
    );
    return { isRecorded: false, current };
  }
  return { isRecorded: true, item };
}

/** Appends one ledger row; used alone only where the counters were written in the same statement as the item (creation). */
export async function appendMovement(tx: DbOrTx, input: Omit<MovementInput, 'storeIds'> & { storeId: string }): Promise<void> {
  await tx.execute(
    sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, reason, supplier, delivery_id, idempotency_key)
        values (${input.storeId}, ${input.itemKind}, ${input.itemId}, ${input.kind}, ${input.quantity},
                ${input.occurredAt ?? sql`now()`}, ${input.actorId}, ${input.reason ?? null}, ${input.supplier ?? null},
                ${input.deliveryId ?? null}, ${input.idempotencyKey ?? null})`,
  );
}
