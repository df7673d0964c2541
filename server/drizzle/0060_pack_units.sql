ALTER TABLE "purchase_order_lines" ADD COLUMN "order_unit" text;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "order_factor" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "order_quantity" numeric(20, 3);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "order_unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "supplier_prices" ADD COLUMN "pack_unit" text;--> statement-breakpoint
ALTER TABLE "supplier_prices" ADD COLUMN "pack_factor" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_unit" CHECK (("purchase_order_lines"."order_unit" is null and "purchase_order_lines"."order_factor" is null and "purchase_order_lines"."order_quantity" is null and "purchase_order_lines"."order_unit_cost" is null)
          or ("purchase_order_lines"."order_unit" is not null and "purchase_order_lines"."order_factor" > 0 and "purchase_order_lines"."order_quantity" > 0 and "purchase_order_lines"."order_unit_cost" >= 0));--> statement-breakpoint
ALTER TABLE "supplier_prices" ADD CONSTRAINT "supplier_prices_pack_unit" CHECK (("supplier_prices"."pack_unit" is null) = ("supplier_prices"."pack_factor" is null) and "supplier_prices"."pack_factor" > 0);