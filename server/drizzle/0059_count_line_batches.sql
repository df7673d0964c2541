CREATE TABLE "stock_count_line_batches" (
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"batch" text NOT NULL,
	"expires_on" date,
	"counted" numeric(14, 3) NOT NULL,
	"expected" numeric(14, 3) NOT NULL,
	CONSTRAINT "stock_count_line_batches_pkey" PRIMARY KEY("count_id","item_id","batch"),
	CONSTRAINT "stock_count_line_batches_counted_check" CHECK ("stock_count_line_batches"."counted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_count_line_batches" ADD CONSTRAINT "stock_count_line_batches_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;