CREATE TABLE "count_line_attachments" (
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"attached_by" uuid,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_line_attachments_count_id_item_id_file_id_pk" PRIMARY KEY("count_id","item_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "count_line_attachments" ADD CONSTRAINT "count_line_attachments_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_line_attachments" ADD CONSTRAINT "count_line_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_line_attachments" ADD CONSTRAINT "count_line_attachments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_line_attachments" ADD CONSTRAINT "count_line_attachments_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "count_line_attachments_file_idx" ON "count_line_attachments" USING btree ("file_id","store_id");--> statement-breakpoint
CREATE TRIGGER "count_line_attachments_no_update_or_delete" BEFORE UPDATE OR DELETE ON "count_line_attachments"
  FOR EACH ROW EXECUTE FUNCTION "movements_append_only"();
