import {
  DAMAGE_EXCEEDS_AVAILABLE,
  MATERIAL_NOT_FOUND,
  MATERIAL_REFUND_EXCEEDS,
  type MaterialCreateRequestSchema,
  type MaterialUpdateRequestSchema,
  NOT_ENOUGH_STOCK,
  type Product,
  REMARKS_ALREADY_ADDED,
} from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client';
import type { MovementKind } from '../../db/schema';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { storeScopeOf } from '../auth/auth.policy';
import type { AuthContext } from '../auth/tokens';
import { appendMovement, type IdempotencyClaim, recordMovement, storeFilter } from '../movements/ledger';
import { resolveTargetStore } from '../stores/store-target';
import { findMaterial, presentProduct } from './materials.repository';

function nameTaken(name: string): AppError {
  return new AppError('conflict', `A material named "${name}" already exists in this store.`);
}

/** Creates a material with its starting quantity, recorded as the item's `opening` movement. */
export async function createMaterial(
  tx: Tx,
  auth: AuthContext,
  input: z.output<typeof MaterialCreateRequestSchema>,
  idempotencyKey?: string,
): Promise<Product> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  let id: string;
  try {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into materials (store_id, name, category_name, material_name, size, unit, total_quantity, available_quantity)
          values (${storeId}, ${input.name}, ${input.categoryname}, ${input.materialname}, ${input.size}, ${input.unit},
                  ${input.totalQuantity}, ${input.totalQuantity})
          returning id`,
    );
    if (!row) throw new Error('insert returned no row');
    id = row.id;
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw nameTaken(input.name);
    throw error;
  }
  if (input.totalQuantity > 0) {
    await appendMovement(tx, {
      storeId,
      itemKind: 'material',
      itemId: id,
      kind: 'opening',
      quantity: input.totalQuantity,
      actorId: auth.userId,
      idempotencyKey,
    });
  }
  const { storeId: _target, ...details } = input;
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'create',
    entityType: 'material',
    entityId: id,
    entityName: input.name,
    storeId,
    details,
  });
  return mustFind(tx, id, null);
}

async function mustFind(db: DbOrTx, id: string, storeIds: string[] | null): Promise<Product> {
  const product = await findMaterial(db, id, storeIds);
  if (!product) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  return product;
}

/** Changes descriptive fields only; counters move through movements alone. */
export async function updateMaterial(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof MaterialUpdateRequestSchema>,
): Promise<Product> {
  return db.transaction((tx) => updateMaterialIn(tx, auth, id, input));
}

async function updateMaterialIn(
  tx: Tx,
  auth: AuthContext,
  id: string,
  input: z.output<typeof MaterialUpdateRequestSchema>,
): Promise<Product> {
  const scope = storeScopeOf(auth);
  const fields = [
    input.name !== undefined && sql`name = ${input.name}`,
    input.categoryname !== undefined && sql`category_name = ${input.categoryname}`,
    input.materialname !== undefined && sql`material_name = ${input.materialname || 'N/A'}`,
    input.size !== undefined && sql`size = ${input.size}`,
    input.unit !== undefined && sql`unit = ${input.unit}`,
  ].filter((field) => field !== false);
  if (fields.length > 0) {
    try {
      const [updated] = await queryRows<{ id: string; name: string; store_id: string }>(
        tx,
        sql`update materials set ${sql.join(fields, sql`, `)} where id = ${id} and deleted_at is null and ${storeFilter(scope)}
            returning id, name, store_id`,
      );
      if (!updated) throw new AppError('not_found', MATERIAL_NOT_FOUND);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'update',
        entityType: 'material',
        entityId: id,
        entityName: updated.name,
        storeId: updated.store_id,
        details: input,
      });
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw nameTaken(input.name ?? '');
      throw error;
    }
  }
  return mustFind(tx, id, scope);
}

/** Archives a material: it leaves every list; its movements stay in the ledger and in reports. */
export async function archiveMaterial(db: Db, auth: AuthContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [archived] = await queryRows<{ id: string; name: string; store_id: string }>(
      tx,
      sql`update materials set deleted_at = now() where id = ${id} and deleted_at is null and ${storeFilter(storeScopeOf(auth))}
          returning id, name, store_id`,
    );
    if (!archived) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'delete',
      entityType: 'material',
      entityId: id,
      entityName: archived.name,
      storeId: archived.store_id,
    });
  });
}

/** Sets a material's remark; once set it stays (a second attempt is a 409). */
export async function setRemarks(db: Db, auth: AuthContext, id: string, remarks: string): Promise<Product> {
  const scope = storeScopeOf(auth);
  return db.transaction(async (tx) => {
    const [updated] = await queryRows<{ id: string; name: string; store_id: string }>(
      tx,
      sql`update materials set remarks = ${remarks}
          where id = ${id} and deleted_at is null and ${storeFilter(scope)} and (remarks is null or remarks = '')
          returning id, name, store_id`,
    );
    if (!updated) {
      await mustFind(tx, id, scope);
      throw new AppError('conflict', REMARKS_ALREADY_ADDED);
    }
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'material',
      entityId: id,
      entityName: updated.name,
      storeId: updated.store_id,
      details: { remarks },
    });
    return mustFind(tx, id, scope);
  });
}

type MaterialMovement = { kind: MovementKind; quantity: number; refusal: string };

const REFUSALS: Partial<Record<MovementKind, string>> = {
  issue: NOT_ENOUGH_STOCK,
  damage: DAMAGE_EXCEEDS_AVAILABLE,
  return: MATERIAL_REFUND_EXCEEDS,
};

/** Records an issue, damage or return of a material picked by id. */
export async function moveMaterial(
  db: DbOrTx,
  auth: AuthContext,
  productId: string,
  movement: Omit<MaterialMovement, 'refusal'>,
  claim?: IdempotencyClaim,
): Promise<Product> {
  const result = await recordMovement(db, {
    itemKind: 'material',
    itemId: productId,
    storeIds: storeScopeOf(auth),
    kind: movement.kind,
    quantity: movement.quantity,
    actorId: auth.userId,
    claim,
  });
  if (!result.isRecorded) {
    if (!result.current) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    throw new AppError('conflict', REFUSALS[movement.kind] ?? NOT_ENOUGH_STOCK);
  }
  return presentProduct(result.item as Parameters<typeof presentProduct>[0]);
}

/** Records a purchase or a transfer from the warehouse of a material named within the store. */
export async function moveMaterialByName(
  db: DbOrTx,
  auth: AuthContext,
  input: { name: string; quantity: number; storeId?: string },
  kind: 'purchase' | 'transfer_in',
  claim?: IdempotencyClaim,
): Promise<Product> {
  const storeId = await resolveTargetStore(db, auth, input.storeId);
  const [material] = await queryRows<{ id: string }>(
    db,
    sql`select id from materials where store_id = ${storeId} and lower(name) = lower(${input.name}) and deleted_at is null`,
  );
  if (!material) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  return moveMaterial(db, auth, material.id, { kind, quantity: input.quantity }, claim);
}
