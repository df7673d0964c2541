-- Stock and its ledger carry money from here on; what was recorded before is worth 0 until revalued.
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_quantity_sign";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "stock_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "last_average_cost" numeric(16, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "last_movement_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD COLUMN "transit_value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_value_non_negative" CHECK ("materials"."stock_value" >= 0 and "materials"."last_average_cost" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_value_zero_when_empty" CHECK ("materials"."available_quantity" > 0 or "materials"."stock_value" = 0);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss', 'transfer_out', 'store_transfer_in', 'revaluation', 'transit_loss'));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_quantity_sign" CHECK ("movements"."quantity" > 0 or ("movements"."quantity" <> 0 and ("movements"."kind" in ('delivery', 'adjustment') or "movements"."reverses_id" is not null)) or ("movements"."quantity" = 0 and "movements"."kind" in ('revaluation', 'transit_loss')));