import {
  DAMAGE_EXCEEDS_AVAILABLE,
  type Location,
  NOT_ENOUGH_STOCK,
  SERIAL_TOOL_STARTS_EMPTY,
  TOOL_NOT_FOUND,
  TOOL_SAVED,
  type Tool,
  type ToolCreateRequestSchema,
  toolNameTaken,
  toolRefundExceeds,
  UNITS_MATCH_QUANTITY,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type IdempotencyClaim, type RequestKey, runIdempotent } from '../../lib/idempotency';
import { quantityLess } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { createItemWithOpening, recordMovementOrRefuse } from '../movements/movements.service';
import { presentTool, type ToolRow } from './tools.presenter';
import { findToolRows, insertTool, type ToolQuery } from './tools.repository';

/** Live tools of the caller's stores, a page at a time. */
export async function listTools(db: DbOrTx, auth: AuthContext, query: Omit<ToolQuery, 'storeIds'>) {
  const { rows, total } = await findToolRows(db, { ...query, storeIds: storeScopeOf(auth) });
  return { tools: rows.map(presentTool), total };
}

/** Creates the item with its opening stock, idempotently: a repeat of the request answers the first. */
export function createTool(db: Db, auth: AuthContext, input: z.output<typeof ToolCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx, key) => ({
    status: 201 as const,
    body: { message: TOOL_SAVED, tool: await createToolIn(tx, auth, input, key) },
  }));
}

/** Creates a tool with its starting quantity, recorded as the item's `opening` movement. */
async function createToolIn(
  tx: Tx,
  auth: AuthContext,
  input: z.output<typeof ToolCreateRequestSchema>,
  idempotencyKey?: string,
): Promise<Tool> {
  if (input.tracking === 'serial' && input.totalQuantity > 0) throw new AppError('bad_request', SERIAL_TOOL_STARTS_EMPTY);
  const { id, storeId } = await createItemWithOpening(tx, auth, {
    itemKind: 'tool',
    storeId: input.storeId,
    name: input.name,
    quantity: input.totalQuantity,
    idempotencyKey,
    insert: (storeId) => insertTool(tx, storeId, input),
    nameTaken: toolNameTaken,
  });
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'create',
    entityType: 'tool',
    entityId: id,
    entityName: input.name,
    storeId,
    details: { totalQuantity: input.totalQuantity, tracking: input.tracking },
  });
  const { rows } = await findToolRows(tx, { storeIds: null, ids: [id] });
  if (!rows[0]) throw new AppError('not_found', TOOL_NOT_FOUND);
  return presentTool(rows[0]);
}

/**
 * Records an issue, damage (with its reason) or return of a tool; a serial tool's names its units,
 * and an issue of them is checked against their service plans on `today`.
 */
export async function moveTool(
  db: Db,
  auth: AuthContext,
  toolId: string,
  movement: {
    kind: 'issue' | 'damage' | 'return';
    quantity: number;
    reason?: string;
    unitIds?: string[];
    today: string;
    attachments?: string[];
    location?: Location;
  },
  claim?: IdempotencyClaim,
): Promise<Tool> {
  if (movement.unitIds && movement.unitIds.length !== movement.quantity) throw new AppError('bad_request', UNITS_MATCH_QUANTITY);
  const input = {
    itemKind: 'tool' as const,
    itemId: toolId,
    storeIds: storeScopeOf(auth),
    kind: movement.kind,
    quantity: movement.quantity,
    actorId: auth.userId,
    reason: movement.reason || null,
    claim,
    unitIds: movement.unitIds,
    serviceGate: { today: movement.today, isOverridden: false },
    attachments: movement.attachments,
    location: movement.location,
  };
  // A serial tool's units move in a second statement: both in one transaction, or neither.
  const record = (tx: DbOrTx) =>
    recordMovementOrRefuse<ToolRow>(tx, input, {
      notFound: TOOL_NOT_FOUND,
      refused: (current) =>
        ({
          issue: NOT_ENOUGH_STOCK,
          damage: DAMAGE_EXCEEDS_AVAILABLE,
          return: toolRefundExceeds(quantityLess(current.consumed_quantity, current.custody_quantity)),
        })[movement.kind],
    });
  return presentTool(movement.unitIds ? await runTransaction(db, record) : await record(db));
}

/** The store of a live tool of the caller's; 404 for another store's or none. */
export async function findToolStore(db: DbOrTx, auth: AuthContext, id: string): Promise<string> {
  const { rows } = await findToolRows(db, { storeIds: storeScopeOf(auth), ids: [id] });
  if (!rows[0]) throw new AppError('not_found', TOOL_NOT_FOUND);
  return rows[0].store_id;
}

/** A live tool of the caller's, as the lists show it. */
export async function getTool(db: DbOrTx, auth: AuthContext, id: string): Promise<Tool> {
  const { rows } = await findToolRows(db, { storeIds: storeScopeOf(auth), ids: [id] });
  if (!rows[0]) throw new AppError('not_found', TOOL_NOT_FOUND);
  return presentTool(rows[0]);
}
