-- Tool custody: workers of a store, custody records of tools handed to them, the kinds that move a
-- tool out to a worker and back (good, damaged, lost), and the counters lost_quantity and custody_quantity.
CREATE TABLE "custody" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"outstanding" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "custody_outstanding_range" CHECK ("custody"."outstanding" >= 0 and "custody"."outstanding" <= "custody"."quantity" and "custody"."quantity" > 0),
	CONSTRAINT "custody_closed_when_back" CHECK (("custody"."outstanding" = 0) = ("custody"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trade" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_counters_non_negative";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_available_balances";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_counters_non_negative";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_available_balances";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "lost_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "custody_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "custody_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "lost_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "custody_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "custody" ADD CONSTRAINT "custody_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody" ADD CONSTRAINT "custody_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody" ADD CONSTRAINT "custody_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody" ADD CONSTRAINT "custody_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_store_open_due_idx" ON "custody" USING btree ("store_id","due_at") WHERE "custody"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "custody_worker_idx" ON "custody" USING btree ("worker_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custody_tool_idx" ON "custody" USING btree ("tool_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "workers_store_name_active_key" ON "workers" USING btree ("store_id",lower("name")) WHERE "workers"."is_active";--> statement-breakpoint
CREATE INDEX "workers_store_name_idx" ON "workers" USING btree ("store_id",lower("name"));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_custody_id_custody_id_fk" FOREIGN KEY ("custody_id") REFERENCES "public"."custody"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_custody_idx" ON "movements" USING btree ("custody_id") WHERE "movements"."custody_id" is not null;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_custody_within_issued" CHECK (custody_quantity <= consumed_quantity);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_custody_within_issued" CHECK (custody_quantity <= consumed_quantity);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity);