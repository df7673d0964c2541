import {
  priceMaterialRepeated,
  priceMaterialsUnknown,
  SUPPLIER_NOT_FOUND,
  SUPPLIER_PRICES_SAVED,
  SUPPLIER_SAVED,
  type SupplierCreateRequestSchema,
  type SupplierListQuerySchema,
  type SupplierPricesRequestSchema,
  type SupplierUpdateRequestSchema,
  supplierNameTaken,
  unitUnknown,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { presentPriceLine, presentSupplier } from './suppliers.presenter';
import {
  countLiveMaterials,
  findNamedUnits,
  findPrices,
  findSupplier,
  findSupplierPage,
  insertSupplier,
  lockSupplier,
  replacePrices,
  updateSupplierRow,
} from './suppliers.repository';

export async function listSuppliers(db: DbOrTx, query: z.output<typeof SupplierListQuerySchema>) {
  const { rows, total } = await findSupplierPage(db, query);
  return { suppliers: rows.map(presentSupplier), total };
}

export async function getSupplier(db: DbOrTx, id: string) {
  const row = await findSupplier(db, id);
  if (!row) throw new AppError('not_found', SUPPLIER_NOT_FOUND);
  return presentSupplier(row);
}

/** Whether a supplier of this id exists. */
export async function supplierExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findSupplier(db, id)) !== undefined;
}

/** A supplier another record names: a request naming one that does not exist is refused 400. */
export async function namedSupplier(db: DbOrTx, id: string) {
  const row = await findSupplier(db, id);
  if (!row) throw new AppError('bad_request', SUPPLIER_NOT_FOUND);
  return presentSupplier(row);
}

function nameTaken(error: unknown, name: string): never {
  if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', supplierNameTaken(name));
  throw error;
}

/** A new supplier; its name is unique whatever its case. */
export function createSupplier(db: Db, auth: AuthContext, input: z.output<typeof SupplierCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const fields = { name: input.name, email: input.email ?? null, phone: input.phone ?? null, leadTimeDays: input.leadTimeDays ?? null };
    const row = await insertSupplier(tx, fields).catch((error) => nameTaken(error, input.name));
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'supplier',
      entityId: row.id,
      entityName: row.name,
      details: input,
    });
    return { status: 201 as const, body: { message: SUPPLIER_SAVED, supplier: presentSupplier(row) } };
  });
}

/** Changes the fields sent of a supplier. */
export function updateSupplier(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof SupplierUpdateRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const row = await updateSupplierRow(tx, id, input).catch((error) => nameTaken(error, input.name ?? ''));
    if (!row) throw new AppError('not_found', SUPPLIER_NOT_FOUND);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'supplier',
      entityId: id,
      entityName: row.name,
      details: input,
    });
    return { status: 200 as const, body: { message: SUPPLIER_SAVED, supplier: presentSupplier(row) } };
  });
}

export async function supplierPrices(db: DbOrTx, id: string) {
  const supplier = await getSupplier(db, id);
  return { supplier: { _id: supplier._id, name: supplier.name }, lines: (await findPrices(db, id)).map(presentPriceLine) };
}

/** The first id met a second time, in one pass: a list holds up to 5,000 lines. */
function firstRepeated(ids: string[]): string | undefined {
  const seen = new Set<string>();
  return ids.find((id) => seen.has(id) || !seen.add(id));
}

/**
 * The pack unit of each line naming one, by material: the material's unit of that name with its
 * factor, none for its stock unit; a name it has no unit of is a 400.
 */
async function packUnitsOf(tx: DbOrTx, lines: { materialId: string; packUnit?: string | null }[]) {
  const asked = lines.flatMap((line) => (line.packUnit ? [{ materialId: line.materialId, unit: line.packUnit }] : []));
  const packUnits = new Map<string, { name: string; factor: string }>();
  if (asked.length === 0) return packUnits;
  const named = new Map((await findNamedUnits(tx, asked)).map((row) => [row.material_id, row]));
  for (const { materialId, unit } of asked) {
    const row = named.get(materialId);
    if (!row || unit.toLowerCase() === row.stock_unit.toLowerCase()) continue;
    if (!row.unit || !row.factor) throw new AppError('bad_request', unitUnknown(row.material, unit));
    packUnits.set(materialId, { name: row.unit, factor: row.factor });
  }
  return packUnits;
}

/** The supplier's price list becomes the lines sent: one line a material, each a live material. */
export function setSupplierPrices(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof SupplierPricesRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const supplier = await lockSupplier(tx, id);
    if (!supplier) throw new AppError('not_found', SUPPLIER_NOT_FOUND);
    const ids = input.lines.map((line) => line.materialId);
    const repeated = firstRepeated(ids);
    if (repeated) throw new AppError('bad_request', priceMaterialRepeated(repeated));
    const unknown = ids.length - (await countLiveMaterials(tx, ids));
    if (unknown > 0) throw new AppError('bad_request', priceMaterialsUnknown(unknown));
    const packUnits = await packUnitsOf(tx, input.lines);
    await replacePrices(
      tx,
      id,
      input.lines.map((line) => ({
        materialId: line.materialId,
        unitCost: line.unitCost,
        packSize: line.packSize ?? null,
        packUnit: packUnits.get(line.materialId) ?? null,
      })),
    );
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'supplier',
      entityId: id,
      entityName: supplier.name,
      details: { prices: input.lines.length },
    });
    const lines = (await findPrices(tx, id)).map(presentPriceLine);
    return { status: 200 as const, body: { message: SUPPLIER_PRICES_SAVED, supplier: { _id: id, name: supplier.name }, lines } };
  });
}
