import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { queryRows } from './sql';

/** Tables in the order their foreign keys need on restore. Sign-in attempt counts and item counts are not worth keeping. */
export const BACKUP_TABLES = [
  'settings',
  'stores',
  'suppliers',
  'users',
  'files',
  'file_uploads',
  'imports',
  'user_stores',
  'user_mfa',
  'mfa_recovery_codes',
  'sessions',
  'api_tokens',
  'materials',
  'material_units',
  'material_batches',
  'tools',
  'deliveries',
  'supplier_prices',
  'reorder_points',
  'workers',
  'custody',
  'tool_units',
  'service_plans',
  'tool_service_plans',
  'unit_plans',
  'unit_services',
  'worker_qualifications',
  'stock_counts',
  'stock_count_lines',
  'stock_count_line_batches',
  'transfers',
  'transfer_lines',
  'jobs',
  'job_stores',
  'cost_codes',
  'stock_requests',
  'stock_request_lines',
  'purchase_orders',
  'purchase_order_lines',
  'purchase_receipts',
  'purchase_receipt_lines',
  'supplier_invoices',
  'supplier_invoice_lines',
  'movements',
  'movement_units',
  'movement_attachments',
  'movement_locations',
  'custody_signatures',
  'count_line_attachments',
  'supplier_returns',
  'supplier_return_lines',
  'sync_ops',
  'notifications',
  'idempotency_keys',
  'audit_events',
  // After the ledger and what it follows: loading those fires their webhook triggers, which find no
  // webhook yet and make no event.
  'webhooks',
  'webhook_events',
  'webhook_deliveries',
  'webhook_attempts',
] as const;

export type Backup = {
  format: 'stockyard-backup';
  version: 1;
  createdAt: string;
  /** Hashes of the migrations the data was written under. */
  migrations: string[];
  tables: Record<string, unknown[]>;
};

async function appliedMigrations(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by id`);
  return rows.map((row) => row.hash);
}

/**
 * Columns that belong to this database rather than to the data: a movement's writing transaction
 * (the movements feed's order) means nothing in another database, so a restored row takes the
 * restoring transaction's, as rows of an older backup do.
 */
const NOT_COPIED: Partial<Record<(typeof BACKUP_TABLES)[number], string>> = { movements: 'tx_id' };

/** Rows loaded in an order their own table's references need: a movement before its reversal. */
const LOAD_ORDER: Partial<Record<(typeof BACKUP_TABLES)[number], SQL>> = { movements: sql`order by reverses_id is not null` };

/** Every table as JSON rows, read in one snapshot so the copy is consistent while the app writes. */
export async function dumpDatabase(db: Db): Promise<Backup> {
  return db.transaction(
    async (tx) => {
      const tables: Record<string, unknown[]> = {};
      for (const table of BACKUP_TABLES) {
        const [row] = await queryRows<{ rows: unknown[] }>(
          tx,
          NOT_COPIED[table]
            ? sql`select coalesce(json_agg(to_jsonb(t) - ${NOT_COPIED[table]}::text), '[]'::json) as rows from ${sql.identifier(table)} t`
            : sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(table)} t`,
        );
        tables[table] = row?.rows ?? [];
      }
      return {
        format: 'stockyard-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
        tables,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Loads a backup into an empty, migrated database, in one transaction. */
export async function loadBackup(db: Db, backup: Backup): Promise<void> {
  if (backup.format !== 'stockyard-backup' || backup.version !== 1) throw new Error('This file is not a Stockyard backup.');
  const current = await appliedMigrations(db);
  const unknown = backup.migrations.filter((hash) => !current.includes(hash));
  if (unknown.length > 0) throw new Error('This backup was written by a newer Stockyard; update Stockyard first.');
  await db.transaction(async (tx) => {
    const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
    if ((existing?.n ?? 0) > 0) throw new Error('The target database is not empty.');
    for (const table of BACKUP_TABLES) {
      const rows = backup.tables[table] ?? [];
      if (rows.length === 0) continue;
      const name = sql.identifier(table);
      // Only the columns the backup holds: a column added since takes its default (an older backup).
      const columns = sql.join(
        Object.keys(rows[0] as object).map((column) => sql.identifier(column)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)
            ${LOAD_ORDER[table] ?? sql``}`,
      );
    }
    // Label codes go on from the highest one loaded, so a new item never takes a restored item's code.
    await tx.execute(
      sql`select setval('item_code_seq', greatest(1, coalesce(max(('x' || lpad(substr(code, 3), 16, '0'))::bit(64)::bigint), 0)),
                        coalesce(max(code), '') <> '')
          from (select code from materials union all select code from tools union all select code from tool_units) c`,
    );
    // Order numbers go on from the highest one loaded.
    await tx.execute(
      sql`select setval('purchase_order_number_seq', greatest(1, coalesce(max(number), 0)), max(number) is not null) from purchase_orders`,
    );
    // Webhook events go on numbering after the highest one loaded, so an item's order holds.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('webhook_events', 'seq'), greatest(1, coalesce(max(seq), 0)), max(seq) is not null) from webhook_events`,
    );
  });
}
