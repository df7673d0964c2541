import {
  MATERIAL_NOT_FOUND,
  NOT_ENOUGH_STOCK,
  REVALUATION_DONE,
  type RevaluationRequestSchema,
  type ValuationQuerySchema,
  type ValuationResponse,
} from '@stockyard/contract';
import Big from 'big.js';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { moneyText, unitCostText } from '../../lib/money';
import { quantityOf } from '../../lib/quantities';
import { recordAudit } from '../audit/audit.service';
import { type ItemRow, recordMovementOrRefuse, revaluedBy } from '../movements/movements.service';
import { presentValuationRow } from './valuation.presenter';
import { findValuationRows, findValueInTransit } from './valuation.repository';

type Settings = { timeZone: string; currency: string };

/** A material's row after its revaluation: its new value and what the line moved. */
type RevaluedRow = ItemRow & { stock_value: string; last_movement_value: string };

/**
 * What the stock of the caller's stores (or one of them) was worth at the end of a day: every row a
 * sum of ledger lines, the total the rows' sum, and what was on its way between stores apart.
 */
export async function valueStock(
  db: Db,
  auth: AuthContext,
  query: z.output<typeof ValuationQuerySchema>,
  settings: Settings,
): Promise<ValuationResponse> {
  assertStoreVisible(auth, query.storeId);
  const asOf = query.asOf ?? todayIn(settings.timeZone);
  const scope = { storeIds: storeScopeOf(auth), storeId: query.storeId, asOf, timeZone: settings.timeZone };
  const [records, inTransit] = await Promise.all([findValuationRows(db, scope), findValueInTransit(db, scope)]);
  const rows = records.map(presentValuationRow);
  const total = rows.reduce((sum, row) => sum.plus(row.value), new Big(0));
  return { asOf, currency: settings.currency, rows, totals: { value: moneyText(total) }, inTransit: { value: inTransit } };
}

/**
 * Revalues a store's stock: for each material, one `revaluation` line (quantity 0) moves its value to
 * what it holds at the new cost per unit, in the ledger statement, so it is refused like a movement
 * in a store that is inactive or whose books are closed today.
 */
export function revalueStock(db: Db, auth: AuthContext, input: z.output<typeof RevaluationRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx, key) => {
    const lines = [];
    for (const line of [...input.lines].sort((a, b) => a.materialId.localeCompare(b.materialId))) {
      const item = await recordMovementOrRefuse<RevaluedRow>(
        tx,
        {
          itemKind: 'material',
          itemId: line.materialId,
          storeIds: [input.storeId],
          kind: 'revaluation',
          quantity: 0,
          unitCost: line.unitCost,
          exactValue: revaluedBy(line.unitCost),
          actorId: auth.userId,
          reason: `Revalued at ${line.unitCost}`,
          idempotencyKey: key,
        },
        { notFound: MATERIAL_NOT_FOUND, refused: () => NOT_ENOUGH_STOCK },
      );
      lines.push({
        materialId: item.id,
        name: item.name,
        quantity: quantityOf(item.available_quantity),
        unitCost: unitCostText(line.unitCost),
        value: moneyText(item.stock_value),
        change: moneyText(item.last_movement_value),
        store: { _id: item.store_id, name: item.store_name },
      });
    }
    const store = lines[0]?.store;
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'valuation',
      entityId: input.storeId,
      entityName: store?.name ?? '',
      storeId: input.storeId,
      details: { lines: input.lines },
    });
    return { status: 200 as const, body: { message: REVALUATION_DONE, lines } };
  });
}
