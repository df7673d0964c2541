ALTER TABLE "purchase_orders" ADD COLUMN "mail_state" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "mail_next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchase_orders_mail_pending_idx" ON "purchase_orders" USING btree ("mail_next_at") WHERE "purchase_orders"."mail_state" = 'pending';--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_mail_state_check" CHECK ("purchase_orders"."mail_state" in ('pending', 'sent', 'failed', 'skipped'));