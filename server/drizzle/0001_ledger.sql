CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"supplier" text NOT NULL,
	"date_received" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "deliveries_quantity_positive" CHECK ("deliveries"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_name" text DEFAULT '' NOT NULL,
	"material_name" text DEFAULT 'N/A' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"remarks" text,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"restocked_quantity" integer DEFAULT 0 NOT NULL,
	"transfer_quantity" integer DEFAULT 0 NOT NULL,
	"consumed_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"refund_quantity" integer DEFAULT 0 NOT NULL,
	"adjusted_quantity" integer DEFAULT 0 NOT NULL,
	"available_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "materials_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and available_quantity >= 0),
	CONSTRAINT "materials_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + adjusted_quantity - consumed_quantity - damaged_quantity)
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"supplier" text,
	"delivery_id" uuid,
	"idempotency_key" text,
	CONSTRAINT "movements_item_kind_check" CHECK ("movements"."item_kind" in ('material', 'tool')),
	CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment')),
	CONSTRAINT "movements_quantity_sign" CHECK ("movements"."quantity" > 0 or ("movements"."kind" in ('delivery', 'adjustment') and "movements"."quantity" <> 0))
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"restocked_quantity" integer DEFAULT 0 NOT NULL,
	"transfer_quantity" integer DEFAULT 0 NOT NULL,
	"consumed_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"refund_quantity" integer DEFAULT 0 NOT NULL,
	"adjusted_quantity" integer DEFAULT 0 NOT NULL,
	"available_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tools_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and available_quantity >= 0),
	CONSTRAINT "tools_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + adjusted_quantity - consumed_quantity - damaged_quantity)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_store_date_idx" ON "deliveries" USING btree ("store_id","date_received");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_store_name_live_key" ON "materials" USING btree ("store_id",lower("name")) WHERE "materials"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "materials_store_created_idx" ON "materials" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_store_item_time_idx" ON "movements" USING btree ("store_id","item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "movements_item_time_idx" ON "movements" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_store_name_live_key" ON "tools" USING btree ("store_id",lower("name")) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_store_created_idx" ON "tools" USING btree ("store_id","created_at");--> statement-breakpoint
-- The ledger is append-only: a correction is a new row, never an UPDATE or DELETE.
CREATE FUNCTION "movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'movements are append-only: record a correcting movement instead' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "movements_no_update_or_delete" BEFORE UPDATE OR DELETE ON "movements"
  FOR EACH ROW EXECUTE FUNCTION "movements_append_only"();
