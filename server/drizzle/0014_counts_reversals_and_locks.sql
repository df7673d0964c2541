-- Reversals (a movement undone by its opposite, at most once), stock counts whose differences post as
-- adjustments, and a store's closed books (locked through a day) and count tolerance.
CREATE TABLE "stock_count_lines" (
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"counted" integer,
	"expected" integer,
	"counted_at" timestamp with time zone,
	"counted_by" uuid,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stock_count_lines_pkey" PRIMARY KEY("count_id","item_id"),
	CONSTRAINT "stock_count_lines_counted_check" CHECK ("stock_count_lines"."counted" is null or "stock_count_lines"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"status" text DEFAULT 'counting' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stock_counts_item_kind_check" CHECK ("stock_counts"."item_kind" in ('material', 'tool')),
	CONSTRAINT "stock_counts_status_check" CHECK ("stock_counts"."status" in ('counting', 'submitted', 'posted', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_quantity_sign";--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "count_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "locked_through" date;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "locked_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "count_tolerance_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_lines_open_item_key" ON "stock_count_lines" USING btree ("item_id") WHERE "stock_count_lines"."is_open";--> statement-breakpoint
CREATE INDEX "stock_counts_store_created_idx" ON "stock_counts" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_reverses_id_movements_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "movements_reverses_key" ON "movements" USING btree ("reverses_id") WHERE "movements"."reverses_id" is not null;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_quantity_sign" CHECK ("movements"."quantity" > 0 or ("movements"."quantity" <> 0 and ("movements"."kind" in ('delivery', 'adjustment') or "movements"."reverses_id" is not null)));--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_count_tolerance_range" CHECK ("stores"."count_tolerance_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_lock_whole" CHECK (("stores"."locked_through" is null) = ("stores"."locked_before" is null));