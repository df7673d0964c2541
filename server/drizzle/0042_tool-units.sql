CREATE TABLE "movement_units" (
	"movement_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	CONSTRAINT "movement_units_pkey" PRIMARY KEY("movement_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"interval_days" integer,
	"interval_uses" integer,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plans_interval" CHECK ("service_plans"."interval_days" > 0 or "service_plans"."interval_uses" > 0)
);
--> statement-breakpoint
CREATE TABLE "tool_service_plans" (
	"tool_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	CONSTRAINT "tool_service_plans_pkey" PRIMARY KEY("tool_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "tool_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"asset_tag" text,
	"state" text DEFAULT 'available' NOT NULL,
	"custody_id" uuid,
	"code" text DEFAULT ('U-' || upper(to_hex(nextval('item_code_seq')))) NOT NULL,
	"retired_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_units_state_check" CHECK ("tool_units"."state" in ('available', 'issued', 'custody', 'in_service', 'damaged', 'lost', 'retired')),
	CONSTRAINT "tool_units_custody_when_out" CHECK (("tool_units"."state" = 'custody') = ("tool_units"."custody_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "unit_plans" (
	"unit_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"due_on" date,
	"uses_left" integer,
	"last_result" text,
	"notified_due_on" date,
	CONSTRAINT "unit_plans_pkey" PRIMARY KEY("unit_id","plan_id"),
	CONSTRAINT "unit_plans_last_result_check" CHECK ("unit_plans"."last_result" in ('passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "unit_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"result" text NOT NULL,
	"checklist" jsonb NOT NULL,
	"notes" text,
	"performed_at" timestamp with time zone NOT NULL,
	"performed_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_services_result_check" CHECK ("unit_services"."result" in ('passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "worker_qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"name" text NOT NULL,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_counters_non_negative";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_available_balances";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_counters_non_negative";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_available_balances";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "in_service_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "in_service_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "tracking" text DEFAULT 'count' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "requires_qualification" text;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "unit_ids" uuid[];--> statement-breakpoint
ALTER TABLE "movement_units" ADD CONSTRAINT "movement_units_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_units" ADD CONSTRAINT "movement_units_unit_id_tool_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."tool_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_service_plans" ADD CONSTRAINT "tool_service_plans_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_service_plans" ADD CONSTRAINT "tool_service_plans_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_units" ADD CONSTRAINT "tool_units_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_units" ADD CONSTRAINT "tool_units_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_units" ADD CONSTRAINT "tool_units_custody_id_custody_id_fk" FOREIGN KEY ("custody_id") REFERENCES "public"."custody"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_plans" ADD CONSTRAINT "unit_plans_unit_id_tool_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."tool_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_plans" ADD CONSTRAINT "unit_plans_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_services" ADD CONSTRAINT "unit_services_unit_id_tool_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."tool_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_services" ADD CONSTRAINT "unit_services_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_services" ADD CONSTRAINT "unit_services_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_qualifications" ADD CONSTRAINT "worker_qualifications_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_units_unit_idx" ON "movement_units" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plans_name_key" ON "service_plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tool_units_serial_key" ON "tool_units" USING btree ("tool_id",lower("serial"));--> statement-breakpoint
CREATE UNIQUE INDEX "tool_units_asset_tag_key" ON "tool_units" USING btree (lower("asset_tag")) WHERE "tool_units"."asset_tag" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_units_code_key" ON "tool_units" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tool_units_custody_idx" ON "tool_units" USING btree ("custody_id") WHERE "tool_units"."custody_id" is not null;--> statement-breakpoint
CREATE INDEX "unit_plans_due_idx" ON "unit_plans" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "unit_services_unit_idx" ON "unit_services" USING btree ("unit_id","performed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_qualifications_worker_idx" ON "worker_qualifications" USING btree ("worker_id",lower("name"));--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and returned_to_supplier_quantity >= 0 and available_quantity >= 0 and in_service_quantity >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity - returned_to_supplier_quantity - in_service_quantity);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss', 'transfer_out', 'store_transfer_in', 'supplier_return', 'revaluation', 'transit_loss', 'service_hold', 'service_release', 'retirement', 'damaged_retirement'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_tracking_check" CHECK ("tools"."tracking" in ('count', 'serial'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and returned_to_supplier_quantity >= 0 and available_quantity >= 0 and in_service_quantity >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity - returned_to_supplier_quantity - in_service_quantity);