CREATE TABLE "supplier_prices" (
	"supplier_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"unit_cost" numeric(16, 4) NOT NULL,
	"pack_size" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_prices_pkey" PRIMARY KEY("supplier_id","material_id"),
	CONSTRAINT "supplier_prices_cost_positive" CHECK ("supplier_prices"."unit_cost" >= 0),
	CONSTRAINT "supplier_prices_pack_positive" CHECK ("supplier_prices"."pack_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"lead_time_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_lead_time_range" CHECK ("suppliers"."lead_time_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "supplier_prices" ADD CONSTRAINT "supplier_prices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_prices" ADD CONSTRAINT "supplier_prices_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;