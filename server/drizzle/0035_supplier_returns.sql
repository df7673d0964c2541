CREATE TABLE "supplier_return_lines" (
	"return_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"purchase_order_line_id" uuid,
	"movement_id" uuid NOT NULL,
	CONSTRAINT "supplier_return_lines_pkey" PRIMARY KEY("return_id","material_id"),
	CONSTRAINT "supplier_return_lines_quantity_positive" CHECK ("supplier_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"purchase_order_id" uuid,
	"reason" text NOT NULL,
	"returned_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_counters_non_negative";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_available_balances";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_counters_non_negative";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_available_balances";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "returned_to_supplier_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "returned_to_supplier_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_return_id_supplier_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."supplier_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_return_lines_order_line_idx" ON "supplier_return_lines" USING btree ("purchase_order_line_id");--> statement-breakpoint
CREATE INDEX "supplier_returns_store_idx" ON "supplier_returns" USING btree ("store_id","returned_on");--> statement-breakpoint
CREATE INDEX "supplier_returns_order_idx" ON "supplier_returns" USING btree ("purchase_order_id");--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and returned_to_supplier_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity - returned_to_supplier_quantity);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss', 'transfer_out', 'store_transfer_in', 'supplier_return', 'revaluation', 'transit_loss'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and returned_to_supplier_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity - returned_to_supplier_quantity);