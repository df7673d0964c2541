import {
  DAMAGE_EXCEEDS_AVAILABLE,
  NOT_ENOUGH_STOCK,
  TOOL_NOT_FOUND,
  type Tool,
  type ToolCreateRequestSchema,
  toolRefundExceeds,
} from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows, type Tx } from '../../db/client';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { storeScopeOf } from '../auth/auth.policy';
import type { AuthContext } from '../auth/tokens';
import { appendMovement, type IdempotencyClaim, recordMovement } from '../movements/ledger';
import { resolveTargetStore } from '../stores/store-target';
import { findTools, presentTool } from './tools.repository';

async function mustFind(db: DbOrTx, id: string, storeIds: string[] | null): Promise<Tool> {
  const { tools } = await findTools(db, { storeIds, ids: [id] });
  if (!tools[0]) throw new AppError('not_found', TOOL_NOT_FOUND);
  return tools[0];
}

/** Creates a tool with its starting quantity, recorded as the item's `opening` movement. */
export async function createTool(
  tx: Tx,
  auth: AuthContext,
  input: z.output<typeof ToolCreateRequestSchema>,
  idempotencyKey?: string,
): Promise<Tool> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  let id: string;
  try {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into tools (store_id, name, total_quantity, available_quantity)
          values (${storeId}, ${input.name}, ${input.totalQuantity}, ${input.totalQuantity}) returning id`,
    );
    if (!row) throw new Error('insert returned no row');
    id = row.id;
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('conflict', `A tool named "${input.name}" already exists in this store.`);
    throw error;
  }
  if (input.totalQuantity > 0) {
    await appendMovement(tx, {
      storeId,
      itemKind: 'tool',
      itemId: id,
      kind: 'opening',
      quantity: input.totalQuantity,
      actorId: auth.userId,
      idempotencyKey,
    });
  }
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'create',
    entityType: 'tool',
    entityId: id,
    entityName: input.name,
    storeId,
    details: { totalQuantity: input.totalQuantity },
  });
  return mustFind(tx, id, null);
}

/** Records an issue, damage (with its reason) or return of a tool. */
export async function moveTool(
  db: DbOrTx,
  auth: AuthContext,
  toolId: string,
  movement: { kind: 'issue' | 'damage' | 'return'; quantity: number; reason?: string },
  claim?: IdempotencyClaim,
): Promise<Tool> {
  const result = await recordMovement(db, {
    itemKind: 'tool',
    itemId: toolId,
    storeIds: storeScopeOf(auth),
    kind: movement.kind,
    quantity: movement.quantity,
    actorId: auth.userId,
    reason: movement.reason || null,
    claim,
  });
  if (!result.isRecorded) {
    if (!result.current) throw new AppError('not_found', TOOL_NOT_FOUND);
    const refusal = {
      issue: NOT_ENOUGH_STOCK,
      damage: DAMAGE_EXCEEDS_AVAILABLE,
      return: toolRefundExceeds(result.current.consumed_quantity),
    }[movement.kind];
    throw new AppError('conflict', refusal);
  }
  return presentTool(result.item as Parameters<typeof presentTool>[0]);
}
