-- The ledger becomes a table partitioned by month of occurred_at (UTC months), so a report over a
-- range of days reads the months it covers, however many years the ledger holds. A partitioned
-- table's unique keys must hold the month: what must be unique across the whole ledger (a movement's
-- id, which other tables refer to, and the one reversal a movement may have) moves to movement_keys,
-- which a trigger fills as each movement is written.
CREATE TABLE "movement_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reverses_id" uuid
);
--> statement-breakpoint
ALTER TABLE "supplier_return_lines" DROP CONSTRAINT "supplier_return_lines_movement_id_movements_id_fk";--> statement-breakpoint
ALTER TABLE "sync_ops" DROP CONSTRAINT "sync_ops_movement_id_movements_id_fk";--> statement-breakpoint
ALTER TABLE "movement_units" DROP CONSTRAINT "movement_units_movement_id_movements_id_fk";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_reverses_id_movements_id_fk";--> statement-breakpoint
ALTER TABLE "movements" RENAME TO "movements_unpartitioned";--> statement-breakpoint
ALTER TABLE "movements_unpartitioned" RENAME CONSTRAINT "movements_pkey" TO "movements_unpartitioned_pkey";--> statement-breakpoint
CREATE TABLE "movements" (
	LIKE "movements_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
	CONSTRAINT "movements_pkey" PRIMARY KEY ("id", "occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
-- A movement dated into a month that has no partition of its own (long ago, or far ahead) lands here.
CREATE TABLE "movements_default" PARTITION OF "movements" DEFAULT
	WITH (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
-- Makes the partitions of the months from first_month to last_month that do not exist yet, and returns
-- how many it made. A month some of whose movements already sit in the default partition keeps them
-- there. Making a partition locks the whole ledger for a moment: it waits at most 2 s for a long read
-- to end, else leaves that month to the next call. Each partition is vacuumed after every 10,000 new
-- movements, so reports read the index alone (0007).
CREATE FUNCTION "add_movement_partitions"(first_month date, last_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month date := date_trunc('month', first_month)::date;
  month_start timestamptz;
  month_end timestamptz;
  partition_name text;
  made integer := 0;
  previous_lock_timeout text := current_setting('lock_timeout');
BEGIN
  -- Two processes making the same month would collide.
  PERFORM pg_advisory_xact_lock(4271902);
  PERFORM set_config('lock_timeout', '2s', true);
  WHILE month <= last_month LOOP
    month_start := month::timestamp AT TIME ZONE 'UTC';
    month_end := (month + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    partition_name := 'movements_' || to_char(month, 'YYYY_MM');
    -- A month that has its partition costs one catalogue lookup; the default partition is read only for a new one.
    IF to_regclass('public.' || partition_name) IS NULL THEN
      IF NOT EXISTS (SELECT 1 FROM movements_default WHERE occurred_at >= month_start AND occurred_at < month_end) THEN
        BEGIN
          EXECUTE format(
            'CREATE TABLE public.%I PARTITION OF public.movements FOR VALUES FROM (%L) TO (%L) '
            'WITH (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000)',
            partition_name, month_start, month_end);
          made := made + 1;
        EXCEPTION WHEN lock_not_available THEN
          NULL;
        END;
      END IF;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  PERFORM set_config('lock_timeout', previous_lock_timeout, true);
  RETURN made;
END $$;--> statement-breakpoint
-- A partition for each month the ledger already holds, and for this month and the three ahead.
SELECT add_movement_partitions(m.month, m.month)
FROM (SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date AS month FROM movements_unpartitioned) m;--> statement-breakpoint
SELECT add_movement_partitions((now() AT TIME ZONE 'UTC')::date, ((now() AT TIME ZONE 'UTC') + interval '3 months')::date);--> statement-breakpoint
INSERT INTO "movements" SELECT * FROM "movements_unpartitioned";--> statement-breakpoint
-- Originals before the reversals that refer to them.
INSERT INTO "movement_keys" ("id", "occurred_at", "reverses_id")
SELECT "id", "occurred_at", "reverses_id" FROM "movements_unpartitioned" ORDER BY "reverses_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "movements_unpartitioned";--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_cost_code_id_cost_codes_id_fk" FOREIGN KEY ("cost_code_id") REFERENCES "public"."cost_codes"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_custody_id_custody_id_fk" FOREIGN KEY ("custody_id") REFERENCES "public"."custody"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_transfer_line_id_transfer_lines_id_fk" FOREIGN KEY ("transfer_line_id") REFERENCES "public"."transfer_lines"("id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id");--> statement-breakpoint
CREATE INDEX "movements_custody_idx" ON "movements" USING btree ("custody_id") WHERE "movements"."custody_id" is not null;--> statement-breakpoint
CREATE INDEX "movements_transfer_line_idx" ON "movements" USING btree ("transfer_line_id") WHERE "movements"."transfer_line_id" is not null;--> statement-breakpoint
CREATE INDEX "movements_store_item_time_idx" ON "movements" USING btree ("store_id","item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "movements_item_time_idx" ON "movements" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "movements_feed_idx" ON "movements" USING btree (coalesce("tx_id", '0'::xid8),"id");--> statement-breakpoint
CREATE INDEX "movements_store_time_covering_idx" ON "movements" USING btree ("store_id", "occurred_at") INCLUDE ("item_id", "item_kind", "kind", "quantity", "value");--> statement-breakpoint
CREATE INDEX "movements_job_time_idx" ON "movements" USING btree ("job_id", "occurred_at") INCLUDE ("value", "kind", "quantity", "item_id", "store_id", "cost_code_id") WHERE "job_id" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER "movements_no_update_or_delete" BEFORE DELETE OR UPDATE ON "movements" FOR EACH ROW EXECUTE FUNCTION movements_append_only();--> statement-breakpoint
CREATE TRIGGER "movements_webhook_events" AFTER INSERT ON "movements" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION webhook_movements();--> statement-breakpoint
CREATE FUNCTION "movement_keys_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO movement_keys (id, occurred_at, reverses_id) VALUES (NEW.id, NEW.occurred_at, NEW.reverses_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "movements_keyed" BEFORE INSERT ON "movements" FOR EACH ROW EXECUTE FUNCTION movement_keys_fill();--> statement-breakpoint
CREATE TRIGGER "movement_keys_no_update_or_delete" BEFORE DELETE OR UPDATE ON "movement_keys" FOR EACH ROW EXECUTE FUNCTION movements_append_only();--> statement-breakpoint
ALTER TABLE "movement_keys" ADD CONSTRAINT "movement_keys_reverses_id_movement_keys_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A movement is reversed at most once: of two reversals at the same moment, one is refused here.
CREATE UNIQUE INDEX "movement_keys_reverses_key" ON "movement_keys" USING btree ("reverses_id") WHERE "movement_keys"."reverses_id" is not null;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_units" ADD CONSTRAINT "movement_units_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;
