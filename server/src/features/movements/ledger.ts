import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidIn } from '../../db/client';
import type { ItemKind, MovementKind } from '../../db/schema';

/** One item's row as stored: descriptive columns plus the counters. */
export type ItemRow = {
  id: string;
  store_id: string;
  name: string;
  total_quantity: number;
  restocked_quantity: number;
  transfer_quantity: number;
  consumed_quantity: number;
  damaged_quantity: number;
  refund_quantity: number;
  adjusted_quantity: number;
  available_quantity: number;
  created_at: string | Date;
  /** The store's name, returned with the row so the answer needs no second query. */
  store_name: string;
  [column: string]: unknown;
};

type Counter =
  | 'total_quantity'
  | 'restocked_quantity'
  | 'transfer_quantity'
  | 'consumed_quantity'
  | 'damaged_quantity'
  | 'refund_quantity'
  | 'adjusted_quantity'
  | 'available_quantity';

/**
 * How each kind of movement moves an item's counters, per unit (DESIGN.md section 4).
 * `consumed` is net of returns: a return takes back from consumed and adds to refunded.
 */
export const EFFECTS: Record<MovementKind, Partial<Record<Counter, 1 | -1>>> = {
  opening: { total_quantity: 1, available_quantity: 1 },
  purchase: { restocked_quantity: 1, available_quantity: 1 },
  delivery: { restocked_quantity: 1, available_quantity: 1 },
  transfer_in: { transfer_quantity: 1, available_quantity: 1 },
  issue: { consumed_quantity: 1, available_quantity: -1 },
  damage: { damaged_quantity: 1, available_quantity: -1 },
  return: { consumed_quantity: -1, refund_quantity: 1, available_quantity: 1 },
  adjustment: { adjusted_quantity: 1, available_quantity: 1 },
};

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

/** Stores the answer under the caller's Idempotency-Key in the same statement as the movement. */
export type IdempotencyClaim = { userId: string; key: string; fingerprint: string; message: string };

export type MovementResult = { isRecorded: true; item: ItemRow } | { isRecorded: false; current: ItemRow | undefined };

/** `column in (the caller's stores)`; every store when `storeIds` is null. */
export function storeFilter(storeIds: string[] | null, column: SQL = sql`store_id`): SQL {
  return storeIds === null ? sql`true` : uuidIn(column, storeIds);
}

/**
 * Moves an item's counters and appends the ledger row in one statement, inside the caller's
 * transaction. The counter change is a conditional UPDATE: no counter may go below zero, so two
 * keepers issuing the last unit at the same moment cannot both succeed. When the condition fails (or the
 * item is not the caller's) nothing is written and the current row, if any, is returned for the message.
 */
export async function recordMovement(tx: DbOrTx, input: MovementInput): Promise<MovementResult> {
  const table = sql.identifier(TABLES[input.itemKind]);
  const changes = Object.entries(EFFECTS[input.kind]).map(([column, perUnit]) => ({
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
  const [item] = await queryRows<ItemRow>(
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
    const [current] = await queryRows<ItemRow>(
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
