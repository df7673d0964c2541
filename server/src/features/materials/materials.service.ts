import {
  DAMAGE_EXCEEDS_AVAILABLE,
  decimalsInUse,
  type Location,
  MATERIAL_DELETED,
  MATERIAL_NOT_FOUND,
  MATERIAL_REFUND_EXCEEDS,
  MATERIAL_SAVED,
  MATERIAL_UPDATED,
  type MaterialCreateRequestSchema,
  type MaterialSettingsRequestSchema,
  type MaterialUnitsRequestSchema,
  type MaterialUpdateRequestSchema,
  materialNameTaken,
  NOT_ENOUGH_STOCK,
  type Product,
  quantityDecimals,
  REMARKS_ALREADY_ADDED,
  REMARKS_UPDATED,
  UNITS_SAVED,
  unitIsStockUnit,
  unitQuantityOff,
  unitUnknown,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { findQuantityPastDecimals, type MaterialQuantity } from '../../db/quantity-decimals';
import type { MovementKind } from '../../db/schema';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type IdempotencyClaim, type RequestKey, runIdempotent } from '../../lib/idempotency';
import { toStockQuantity } from '../../lib/units';
import { type AuditEntry, recordAudit } from '../audit/audit.service';
import { jobChargeOf, recordWithJob } from '../jobs/jobs.service';
import {
  batchMoveOf,
  createItemWithOpening,
  type EnteredUnit,
  lockItem,
  recordMovementOrRefuse,
  setTracksExpiry,
} from '../movements/movements.service';
import { resolveTargetStore } from '../stores/stores.service';
import { type MaterialRow, presentProduct, productInUnit } from './materials.presenter';
import {
  archiveMaterialRow,
  type ChangedItem,
  findMaterialIdByName,
  findMaterialRow,
  findMaterialRows,
  findQuantityBeyondDecimals,
  findUnitOfMaterial,
  insertMaterial,
  type MaterialQuery,
  replaceMaterialUnits,
  setMaterialDecimals,
  setRemarksWhenEmpty,
  updateMaterialFields,
} from './materials.repository';

function nameTaken(name: string): AppError {
  return new AppError('conflict', materialNameTaken(name));
}

export { listBatches, listStockBatches } from '../movements/movements.service';

/** Live materials of the caller's stores, a page at a time. */
/** A page of materials; with `unit`, each that has a unit of that name is shown in it. */
export async function listMaterials(db: DbOrTx, auth: AuthContext, query: Omit<MaterialQuery, 'storeIds'> & { unit?: string }) {
  const { unit, ...filter } = query;
  const { rows, total } = await findMaterialRows(db, { ...filter, storeIds: storeScopeOf(auth) });
  const products = rows.map((row) => presentProduct(row, auth));
  return { products: unit ? products.map((product) => productInUnit(product, unit)) : products, total };
}

async function mustFind(db: DbOrTx, auth: AuthContext, id: string, storeIds: string[] | null): Promise<Product> {
  const row = await findMaterialRow(db, id, storeIds);
  if (!row) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  return presentProduct(row, auth);
}

function auditMaterial(tx: Tx, auth: AuthContext, action: AuditEntry['action'], item: ChangedItem, details?: Record<string, unknown>) {
  return recordAudit(tx, {
    actorId: auth.userId,
    action,
    entityType: 'material',
    entityId: item.id,
    entityName: item.name,
    storeId: item.store_id,
    details,
  });
}

/**
 * Creates the item with its opening stock, idempotently: a repeat of the request answers the first.
 * `today`, in the app's time zone, is the day a starting batch is judged expiring or expired on.
 */
export function createMaterial(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof MaterialCreateRequestSchema> & { today: string },
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx, key) => ({
    status: 201 as const,
    body: { message: MATERIAL_SAVED, product: await createMaterialIn(tx, auth, input, key) },
  }));
}

/** Creates a material with its starting quantity, recorded as the item's `opening` movement. */
async function createMaterialIn(
  tx: Tx,
  auth: AuthContext,
  { today, ...input }: z.output<typeof MaterialCreateRequestSchema> & { today: string },
  idempotencyKey?: string,
): Promise<Product> {
  const { id, storeId } = await createItemWithOpening(tx, auth, {
    itemKind: 'material',
    storeId: input.storeId,
    name: input.name,
    quantity: input.totalQuantity,
    unitCost: input.unitCost,
    batch: input.tracksExpiry && input.batch && input.expiresOn ? { name: input.batch, expiresOn: input.expiresOn, today } : undefined,
    idempotencyKey,
    insert: (storeId) => insertMaterial(tx, storeId, input),
    nameTaken: materialNameTaken,
  });
  const { storeId: _target, ...details } = input;
  await auditMaterial(tx, auth, 'create', { id, name: input.name, store_id: storeId }, details);
  return mustFind(tx, auth, id, null);
}

/** Changes descriptive fields only; counters move through movements alone. */
export function updateMaterial(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof MaterialUpdateRequestSchema>,
  requestKey?: RequestKey,
) {
  const scope = storeScopeOf(auth);
  return runIdempotent(db, requestKey, async (tx) => {
    try {
      const updated = await updateMaterialFields(tx, id, scope, input);
      if (updated === undefined) throw new AppError('not_found', MATERIAL_NOT_FOUND);
      if (updated) await auditMaterial(tx, auth, 'update', updated, input);
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw nameTaken(input.name ?? '');
      throw error;
    }
    return { status: 200 as const, body: { message: MATERIAL_UPDATED, product: await mustFind(tx, auth, id, scope) } };
  });
}

/**
 * An admin's change of how a material is measured. Its decimals are raised at will and lowered only
 * to what every quantity on record fits (409 naming the one that needs the most); its row is locked
 * first, so a movement recorded meanwhile is either seen here or refused by the new decimals.
 */
export function changeMaterialSettings(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof MaterialSettingsRequestSchema>,
  requestKey?: RequestKey,
) {
  const scope = storeScopeOf(auth);
  return runIdempotent(db, requestKey, async (tx) => {
    const material = await findMaterialRow(tx, id, scope);
    if (!material) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    if (input.decimals !== undefined) {
      await lockItem(tx, 'material', id);
      const needed = await findQuantityBeyondDecimals(tx, id, input.decimals);
      if (needed) throw new AppError('conflict', decimalsInUse(material.name, needed.quantity, needed.decimals));
      const updated = await setMaterialDecimals(tx, id, scope, input.decimals);
      if (!updated) throw new AppError('not_found', MATERIAL_NOT_FOUND);
      await auditMaterial(tx, auth, 'update', updated, { decimals: input.decimals });
    }
    if (input.tracksExpiry !== undefined && input.tracksExpiry !== material.tracks_expiry) {
      await lockItem(tx, 'material', id);
      await setTracksExpiry(tx, id, input.tracksExpiry);
      await auditMaterial(tx, auth, 'update', material, { tracksExpiry: input.tracksExpiry });
    }
    return { status: 200 as const, body: { message: MATERIAL_UPDATED, product: await mustFind(tx, auth, id, scope) } };
  });
}

/**
 * An admin's list of the other units a material is counted in, replacing the one kept. A unit may not
 * be the stock unit itself. Lines already entered keep the quantity and unit they were entered in.
 */
export function setMaterialUnits(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof MaterialUnitsRequestSchema>,
  requestKey?: RequestKey,
) {
  const scope = storeScopeOf(auth);
  return runIdempotent(db, requestKey, async (tx) => {
    const material = await findMaterialRow(tx, id, scope);
    if (!material) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    const stockUnit = input.units.find((unit) => unit.name.toLowerCase() === material.unit.toLowerCase());
    if (stockUnit) throw new AppError('bad_request', unitIsStockUnit(stockUnit.name));
    await replaceMaterialUnits(tx, id, input.units);
    await auditMaterial(tx, auth, 'update', { id, name: material.name, store_id: material.store_id }, { units: input.units });
    return { status: 200 as const, body: { message: UNITS_SAVED, product: await mustFind(tx, auth, id, scope) } };
  });
}

/** Archives a material: it leaves every list; its movements stay in the ledger and in reports. */
export function archiveMaterial(db: Db, auth: AuthContext, id: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const archived = await archiveMaterialRow(tx, id, storeScopeOf(auth));
    if (!archived) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    await auditMaterial(tx, auth, 'delete', archived);
    return { status: 200 as const, body: { message: MATERIAL_DELETED } };
  });
}

/** Sets a material's remarks once, idempotently: a repeat of the request (its Idempotency-Key) answers the first. */
export function setRemarks(db: Db, auth: AuthContext, id: string, remarks: string, requestKey?: RequestKey) {
  const scope = storeScopeOf(auth);
  return runIdempotent(db, requestKey, async (tx) => {
    const updated = await setRemarksWhenEmpty(tx, id, scope, remarks);
    if (!updated) {
      await mustFind(tx, auth, id, scope);
      throw new AppError('conflict', REMARKS_ALREADY_ADDED);
    }
    await auditMaterial(tx, auth, 'update', updated, { remarks });
    return { status: 200 as const, body: { message: REMARKS_UPDATED, product: await mustFind(tx, auth, id, scope) } };
  });
}

const REFUSALS: Partial<Record<MovementKind, string>> = {
  issue: NOT_ENOUGH_STOCK,
  damage: DAMAGE_EXCEEDS_AVAILABLE,
  return: MATERIAL_REFUND_EXCEEDS,
};

/** A movement's quantity and cost as entered, maybe in another unit of the material's. */
export type Entry = { quantity: number; unit?: string; unitCost?: string };

/**
 * An entry in the material's stock unit: as it is when it names no other unit; else its quantity times
 * the unit's factor, exactly, which must land on the material's decimals (a 400 names the nearest
 * entries that do). A cost per that unit gives the line its value exactly (entered quantity × cost).
 */
export async function inStockUnit(
  db: DbOrTx,
  auth: AuthContext,
  materialId: string,
  entry: Entry,
): Promise<{ quantity: number; unitCost?: string; entered?: EnteredUnit }> {
  if (!entry.unit) return { quantity: entry.quantity, unitCost: entry.unitCost };
  const material = await findUnitOfMaterial(db, materialId, storeScopeOf(auth), entry.unit);
  if (!material) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  if (entry.unit.toLowerCase() === material.stock_unit.toLowerCase()) return { quantity: entry.quantity, unitCost: entry.unitCost };
  if (material.factor === null || material.unit_name === null) throw new AppError('bad_request', unitUnknown(material.name, entry.unit));
  const unit = material.unit_name;
  const conversion = toStockQuantity(entry.quantity, material.factor, material.decimals);
  if ('nearest' in conversion) {
    const nearest = conversion.nearest.map((quantity) => `${quantity} ${unit}`).join(' or ');
    throw new AppError('bad_request', unitQuantityOff(`${entry.quantity} ${unit}`, `${conversion.stock} ${material.stock_unit}`, nearest));
  }
  return {
    quantity: Number(conversion.stock),
    entered: {
      quantity: entry.quantity,
      unit,
      factor: material.factor,
      unitCost: entry.unitCost ?? null,
      unitsVersion: material.units_version,
    },
  };
}

/** Records an issue, damage or return of a material picked by id (or a purchase or transfer, from moveMaterialByName). */
export async function moveMaterial(
  db: Db,
  auth: AuthContext,
  productId: string,
  movement: {
    kind: MovementKind;
    quantity: number;
    unit?: string;
    unitCost?: string;
    jobId?: string;
    costCode?: string;
    attachments?: string[];
    location?: Location;
    /** For a material kept by batch: the batch moved, the day a new one expires, and today in the app's time zone. */
    batch?: string;
    expiresOn?: string;
    today: string;
  },
  claim?: IdempotencyClaim,
): Promise<Product> {
  const stock = await inStockUnit(db, auth, productId, movement);
  const job =
    movement.kind === 'issue' || movement.kind === 'damage' || movement.kind === 'return'
      ? await jobChargeOf(db, { itemId: productId, kind: movement.kind, jobId: movement.jobId, costCode: movement.costCode })
      : undefined;
  const record = (tx: DbOrTx) =>
    recordMovementOrRefuse<MaterialRow>(
      tx,
      {
        itemKind: 'material',
        itemId: productId,
        storeIds: storeScopeOf(auth),
        kind: movement.kind,
        quantity: stock.quantity,
        unitCost: stock.unitCost,
        entered: stock.entered,
        job,
        namesNoJob: !job && (movement.kind === 'issue' || movement.kind === 'damage'),
        actorId: auth.userId,
        claim,
        attachments: movement.attachments,
        location: movement.location,
        batch: movement.batch ? batchMoveOf(movement.kind, movement.batch, movement.today, movement.expiresOn) : undefined,
        today: movement.today,
      },
      { notFound: MATERIAL_NOT_FOUND, refused: () => REFUSALS[movement.kind] ?? NOT_ENOUGH_STOCK },
    );
  const row = await recordWithJob(db, { kind: movement.kind, itemId: productId, quantity: stock.quantity, job }, record);
  return presentProduct(row, auth);
}

/** Records a purchase or a transfer from the warehouse of a material named within the store. */
export async function moveMaterialByName(
  db: Db,
  auth: AuthContext,
  input: Entry & {
    name: string;
    storeId?: string;
    attachments?: string[];
    location?: Location;
    batch?: string;
    expiresOn?: string;
    today: string;
  },
  kind: 'purchase' | 'transfer_in',
  claim?: IdempotencyClaim,
): Promise<Product> {
  const storeId = await resolveTargetStore(db, auth, input.storeId);
  const id = await findMaterialIdByName(db, storeId, input.name);
  if (!id) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  const { quantity, unit, unitCost, attachments, location, batch, expiresOn, today } = input;
  return moveMaterial(db, auth, id, { kind, quantity, unit, unitCost, attachments, location, batch, expiresOn, today }, claim);
}

/** Refuses (400) a quantity with more decimals than its material takes, naming the material and its decimals. */
export async function assertFitsDecimals(db: DbOrTx, lines: MaterialQuantity[]): Promise<void> {
  const past = await findQuantityPastDecimals(db, lines);
  if (past) throw new AppError('bad_request', quantityDecimals(past.name, past.decimals));
}

/** The store of a live material of the caller's stores; 404 when there is none. */
export async function storeOfMaterial(db: DbOrTx, auth: AuthContext, id: string): Promise<string> {
  const row = await findMaterialRow(db, id, storeScopeOf(auth));
  if (!row) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  return row.store_id;
}
