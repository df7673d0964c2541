CREATE TABLE "material_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"material_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"batch" text NOT NULL,
	"expires_on" date,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"expiring_notified_at" timestamp with time zone,
	"expired_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_batches_quantity_non_negative" CHECK ("material_batches"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "tracks_expiry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "material_batches" ADD CONSTRAINT "material_batches_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_batches" ADD CONSTRAINT "material_batches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_batches_material_batch_key" ON "material_batches" USING btree ("material_id","batch");--> statement-breakpoint
CREATE INDEX "material_batches_expiry_idx" ON "material_batches" USING btree ("store_id","expires_on") WHERE "material_batches"."quantity" > 0;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_batch_id_material_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."material_batches"("id") ON DELETE no action ON UPDATE no action;