-- Quantities become exact decimals (numeric, 3 places). One ALTER per table rewrites each table once.
ALTER TABLE "purchase_order_lines"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "received" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "damaged" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "returned" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines"
  ALTER COLUMN "received" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "damaged" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "approved_invoiceable" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "supplier_return_lines"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "stock_count_lines"
  ALTER COLUMN "counted" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "expected" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "deliveries"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "materials"
  ALTER COLUMN "total_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "restocked_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transfer_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "consumed_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "damaged_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "refund_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "adjusted_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "lost_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "custody_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transferred_in_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transferred_out_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "returned_to_supplier_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "available_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "in_service_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "incoming_quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "movements"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "tools"
  ALTER COLUMN "total_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "restocked_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transfer_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "consumed_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "damaged_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "refund_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "adjusted_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "lost_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "custody_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transferred_in_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "transferred_out_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "returned_to_supplier_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "available_quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "in_service_quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "reorder_points"
  ALTER COLUMN "min_qty" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "target_qty" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "sync_ops"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "available" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "stock_request_lines"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "transfer_lines"
  ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "received" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "damaged" SET DATA TYPE numeric(14, 3),
  ALTER COLUMN "lost" SET DATA TYPE numeric(14, 3);
