-- Transfers between stores (goods in transit, their lines and receipts), requests to the warehouse,
-- transferred-in/out counters and the incoming quantity a reorder point counts, and notification mail state.
CREATE TABLE "stock_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stock_request_lines_quantity_positive" CHECK ("stock_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transfer_id" uuid,
	CONSTRAINT "stock_requests_status_check" CHECK ("stock_requests"."status" in ('submitted', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "transfer_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"from_item_id" uuid NOT NULL,
	"to_item_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"counts_incoming" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transfer_lines_item_kind_check" CHECK ("transfer_lines"."item_kind" in ('material', 'tool')),
	CONSTRAINT "transfer_lines_quantities" CHECK ("transfer_lines"."quantity" > 0 and "transfer_lines"."received" >= 0 and "transfer_lines"."damaged" >= 0 and "transfer_lines"."lost" >= 0 and "transfer_lines"."received" + "transfer_lines"."damaged" + "transfer_lines"."lost" <= "transfer_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_store_id" uuid NOT NULL,
	"to_store_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_by" uuid,
	"dispatched_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "transfers_status_check" CHECK (status in ('draft', 'dispatched', 'partially_received', 'received', 'received_with_discrepancy', 'cancelled')),
	CONSTRAINT "transfers_between_stores" CHECK ("transfers"."from_store_id" <> "transfers"."to_store_id")
);
--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_counters_non_negative";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_available_balances";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_kind_check";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_counters_non_negative";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_available_balances";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "transferred_in_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "transferred_out_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "incoming_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "transfer_line_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "transferred_in_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "transferred_out_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_request_id_stock_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."stock_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_store_id_stores_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_dispatched_by_users_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_request_lines_open_material_key" ON "stock_request_lines" USING btree ("material_id") WHERE "stock_request_lines"."is_open";--> statement-breakpoint
CREATE INDEX "stock_request_lines_request_idx" ON "stock_request_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "stock_requests_store_created_idx" ON "stock_requests" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_requests_status_created_idx" ON "stock_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfer_lines_transfer_idx" ON "transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_lines_to_item_idx" ON "transfer_lines" USING btree ("to_item_id");--> statement-breakpoint
CREATE INDEX "transfers_from_created_idx" ON "transfers" USING btree ("from_store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_to_created_idx" ON "transfers" USING btree ("to_store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("status");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_transfer_line_id_transfer_lines_id_fk" FOREIGN KEY ("transfer_line_id") REFERENCES "public"."transfer_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_transfer_line_idx" ON "movements" USING btree ("transfer_line_id") WHERE "movements"."transfer_line_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("mail_next_at") WHERE "notifications"."mail_state" = 'pending';--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_incoming_non_negative" CHECK ("materials"."incoming_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_kind_check" CHECK (kind in ('opening', 'purchase', 'transfer_in', 'issue', 'damage', 'return', 'delivery', 'adjustment', 'checkout', 'checkin', 'damaged_return', 'loss', 'transfer_out', 'store_transfer_in'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_counters_non_negative" CHECK (total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and available_quantity >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_available_balances" CHECK (available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_state_check" CHECK ("notifications"."mail_state" in ('pending', 'sent', 'failed', 'skipped'));