// What the Drizzle tables cannot say, written as the SQL the database itself reports for it
// (pg_get_triggerdef, pg_get_indexdef, reloptions), each made by the migration named beside it.
// schema.test.ts compares the migrated database with these and with the Drizzle tables, so this
// file and the tables together describe the whole database.

/** Indexes Drizzle cannot describe (INCLUDE columns). */
export const SQL_INDEXES: Record<string, string> = {
  // 0003, 0030, 0044 (each partition holds its own): a store's recent movements, their values with them, read from the index alone, for reports.
  movements_store_time_covering_idx:
    'CREATE INDEX movements_store_time_covering_idx ON ONLY public.movements USING btree (store_id, occurred_at) INCLUDE (item_id, item_kind, kind, quantity, value)',
  // 0030: a job's lines over a range of days, with what its cost groups by, read from the index alone.
  movements_job_time_idx:
    'CREATE INDEX movements_job_time_idx ON ONLY public.movements USING btree (job_id, occurred_at) INCLUDE (value, kind, quantity, item_id, store_id, cost_code_id) WHERE (job_id IS NOT NULL)',
};

/** Storage options of tables (fillfactor: room for counters rewritten in place; the ledger's vacuum). */
export const TABLE_OPTIONS: Record<string, string[]> = {
  // 0006: a movement rewrites its item's counters on the same page, touching no index.
  materials: ['fillfactor=80'],
  tools: ['fillfactor=80'],
};

/**
 * Storage options of each month's partition of the ledger and of its default partition (0007, 0044):
 * vacuumed after every 10,000 new movements, so reports read the index alone.
 */
export const MOVEMENT_PARTITION_OPTIONS = ['autovacuum_vacuum_insert_scale_factor=0', 'autovacuum_vacuum_insert_threshold=10000'];

/** Triggers, with the functions they run. */
export const TRIGGERS: Record<string, string> = {
  // 0001, 0002: the ledger and the audit trail are append-only.
  movements_no_update_or_delete:
    'CREATE TRIGGER movements_no_update_or_delete BEFORE DELETE OR UPDATE ON public.movements FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  // 0044: what is unique across the whole partitioned ledger is written beside each movement, and kept.
  movements_keyed: 'CREATE TRIGGER movements_keyed BEFORE INSERT ON public.movements FOR EACH ROW EXECUTE FUNCTION movement_keys_fill()',
  movement_keys_no_update_or_delete:
    'CREATE TRIGGER movement_keys_no_update_or_delete BEFORE DELETE OR UPDATE ON public.movement_keys FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  // 0047: a file attached to a ledger line stays attached.
  movement_attachments_no_update_or_delete:
    'CREATE TRIGGER movement_attachments_no_update_or_delete BEFORE DELETE OR UPDATE ON public.movement_attachments FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  custody_signatures_no_update_or_delete:
    'CREATE TRIGGER custody_signatures_no_update_or_delete BEFORE DELETE OR UPDATE ON public.custody_signatures FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  // 0050: a photo taken while counting stays with its count line.
  count_line_attachments_no_update_or_delete:
    'CREATE TRIGGER count_line_attachments_no_update_or_delete BEFORE DELETE OR UPDATE ON public.count_line_attachments FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  movement_locations_no_update_or_delete:
    'CREATE TRIGGER movement_locations_no_update_or_delete BEFORE DELETE OR UPDATE ON public.movement_locations FOR EACH ROW EXECUTE FUNCTION movements_append_only()',
  audit_events_no_update_or_delete:
    'CREATE TRIGGER audit_events_no_update_or_delete BEFORE DELETE OR UPDATE ON public.audit_events FOR EACH ROW EXECUTE FUNCTION refuse_change_of_history()',
  // 0005: item_counts follows every insert, archive and delete of materials and tools.
  materials_counted_insert:
    "CREATE TRIGGER materials_counted_insert AFTER INSERT ON public.materials REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_added_items('material')",
  materials_counted_update:
    "CREATE TRIGGER materials_counted_update AFTER UPDATE ON public.materials REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_changed_items('material')",
  materials_counted_delete:
    "CREATE TRIGGER materials_counted_delete AFTER DELETE ON public.materials REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_removed_items('material')",
  tools_counted_insert:
    "CREATE TRIGGER tools_counted_insert AFTER INSERT ON public.tools REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_added_items('tool')",
  tools_counted_update:
    "CREATE TRIGGER tools_counted_update AFTER UPDATE ON public.tools REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_changed_items('tool')",
  tools_counted_delete:
    "CREATE TRIGGER tools_counted_delete AFTER DELETE ON public.tools REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_removed_items('tool')",
  // 0005: a change of sessions, users or their stores tells every process to read sessions again;
  // 0013: marking a session used is no such change.
  sessions_changed:
    'CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE OF revoked_at, expires_at, user_id ON public.sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change()',
  users_changed:
    'CREATE TRIGGER users_changed AFTER DELETE OR UPDATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change()',
  user_stores_changed:
    'CREATE TRIGGER user_stores_changed AFTER INSERT OR DELETE OR UPDATE ON public.user_stores FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change()',
  // 0022: so does revoking an API token.
  api_tokens_changed:
    'CREATE TRIGGER api_tokens_changed AFTER DELETE OR UPDATE OF revoked_at, user_id ON public.api_tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change()',
  // 0040: each change a webhook may report writes its event (and its deliveries) in the same transaction.
  movements_webhook_events:
    'CREATE TRIGGER movements_webhook_events AFTER INSERT ON public.movements REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION webhook_movements()',
  deliveries_webhook_events:
    'CREATE TRIGGER deliveries_webhook_events AFTER INSERT ON public.deliveries FOR EACH ROW EXECUTE FUNCTION webhook_deliveries_received()',
  transfers_webhook_events:
    'CREATE TRIGGER transfers_webhook_events AFTER UPDATE OF status, closed_at ON public.transfers FOR EACH ROW EXECUTE FUNCTION webhook_transfers()',
  stock_counts_webhook_events:
    'CREATE TRIGGER stock_counts_webhook_events AFTER UPDATE OF status ON public.stock_counts FOR EACH ROW EXECUTE FUNCTION webhook_counts()',
  reorder_points_webhook_events:
    'CREATE TRIGGER reorder_points_webhook_events AFTER UPDATE OF is_low ON public.reorder_points FOR EACH ROW EXECUTE FUNCTION webhook_low_stock()',
  // 0040: a purchase receipt's event waits for the commit, when all of its lines are written.
  purchase_receipts_webhook_events:
    'CREATE CONSTRAINT TRIGGER purchase_receipts_webhook_events AFTER INSERT ON public.purchase_receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_purchase_receipts()',
};

/** Functions the triggers run, bodies in the migrations named. */
export const FUNCTIONS = [
  'movements_append_only', // 0001
  'refuse_change_of_history', // 0002
  'add_item_counts', // 0005
  'count_added_items', // 0005
  'count_changed_items', // 0005
  'count_removed_items', // 0005
  'notify_session_change', // 0005
  'uuid_v7', // 0025
  'emit_webhook_event', // 0040
  'webhook_movements', // 0040
  'webhook_deliveries_received', // 0040
  'webhook_transfers', // 0040
  'webhook_counts', // 0040
  'webhook_low_stock', // 0040
  'webhook_purchase_receipts', // 0040
  'add_movement_partitions', // 0044
  'movement_keys_fill', // 0044
  'item_moved_before', // 0045
];
