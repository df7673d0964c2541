ALTER TABLE "sync_ops" DROP CONSTRAINT "sync_ops_applied_has_movement";--> statement-breakpoint
ALTER TABLE "sync_ops" ALTER COLUMN "item_kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_ops" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "purchase_order_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_item_or_order" CHECK (case when "sync_ops"."kind" = 'po-receipt' then "sync_ops"."purchase_order_id" is not null and "sync_ops"."receipt" is not null and "sync_ops"."item_id" is null
               else "sync_ops"."item_id" is not null and "sync_ops"."item_kind" is not null and "sync_ops"."purchase_order_id" is null end);--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_applied_has_movement" CHECK (("sync_ops"."state" = 'applied') = (coalesce("sync_ops"."movement_id", "sync_ops"."receipt_id") is not null));