CREATE TABLE "movement_attachments" (
	"movement_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"attached_by" uuid,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movement_attachments_movement_id_file_id_pk" PRIMARY KEY("movement_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "movement_attachments" ADD CONSTRAINT "movement_attachments_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_attachments" ADD CONSTRAINT "movement_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_attachments" ADD CONSTRAINT "movement_attachments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_attachments" ADD CONSTRAINT "movement_attachments_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_attachments_file_idx" ON "movement_attachments" USING btree ("file_id","store_id");--> statement-breakpoint
CREATE TRIGGER "movement_attachments_no_update_or_delete" BEFORE UPDATE OR DELETE ON "movement_attachments"
  FOR EACH ROW EXECUTE FUNCTION "movements_append_only"();
