CREATE TABLE "custody_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"custody_id" uuid NOT NULL,
	"event" text NOT NULL,
	"movement_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"worker_name" text NOT NULL,
	"signed_by" uuid,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_signatures_event_check" CHECK ("custody_signatures"."event" in ('handover', 'return'))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "signature_on_handover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "signature" uuid;--> statement-breakpoint
ALTER TABLE "custody_signatures" ADD CONSTRAINT "custody_signatures_custody_id_custody_id_fk" FOREIGN KEY ("custody_id") REFERENCES "public"."custody"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_signatures" ADD CONSTRAINT "custody_signatures_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_signatures" ADD CONSTRAINT "custody_signatures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_signatures" ADD CONSTRAINT "custody_signatures_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_signatures" ADD CONSTRAINT "custody_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_signatures_custody_idx" ON "custody_signatures" USING btree ("custody_id","signed_at");--> statement-breakpoint
CREATE TRIGGER "custody_signatures_no_update_or_delete" BEFORE UPDATE OR DELETE ON "custody_signatures"
  FOR EACH ROW EXECUTE FUNCTION "movements_append_only"();
