-- Stock and its ledger carry money from here on; what was recorded before is worth 0 until revalued.
CREATE TABLE "cost_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_stores" (
	"job_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	CONSTRAINT "job_stores_pkey" PRIMARY KEY("job_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"budget" numeric(20, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_quantity_sign";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "stock_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "average_cost" numeric(16, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "last_movement_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "cost_code_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "require_job" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD COLUMN "transit_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_stores" ADD CONSTRAINT "job_stores_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stores" ADD CONSTRAINT "job_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_codes_code_key" ON "cost_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_code_key" ON "jobs" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_cost_code_id_cost_codes_id_fk" FOREIGN KEY ("cost_code_id") REFERENCES "public"."cost_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_job_time_idx" ON "movements" USING btree ("job_id","occurred_at") WHERE "movements"."job_id" is not null;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_value_non_negative" CHECK ("materials"."stock_value" >= 0 and "materials"."average_cost" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_value_zero_when_empty" CHECK ("materials"."available_quantity" > 0 or "materials"."stock_value" = 0);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss', 'transfer_out', 'store_transfer_in', 'revaluation', 'transit_loss'));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_quantity_sign" CHECK ("movements"."quantity" > 0 or ("movements"."quantity" <> 0 and ("movements"."kind" in ('delivery', 'adjustment') or "movements"."reverses_id" is not null)) or ("movements"."quantity" = 0 and "movements"."kind" in ('revaluation', 'transit_loss')));