-- Reports read each line's value with its quantity: the store-and-time index carries it, so the
-- report's scan stays index-only.
DROP INDEX IF EXISTS "movements_store_time_covering_idx";--> statement-breakpoint
CREATE INDEX "movements_store_time_covering_idx" ON "movements" ("store_id", "occurred_at") INCLUDE ("item_id", "item_kind", "kind", "quantity", "value");--> statement-breakpoint
-- A job's cost groups its lines by cost code, material, month or store: the job index carries them.
DROP INDEX IF EXISTS "movements_job_time_idx";--> statement-breakpoint
CREATE INDEX "movements_job_time_idx" ON "movements" ("job_id", "occurred_at") INCLUDE ("value", "kind", "quantity", "item_id", "store_id", "cost_code_id") WHERE "job_id" IS NOT NULL;
