-- Reorder points: per material (and so per store), the minimum that makes it low, the target an order
-- brings it to, and its pack size.
CREATE TABLE "reorder_points" (
	"material_id" uuid PRIMARY KEY NOT NULL,
	"min_qty" integer NOT NULL,
	"target_qty" integer NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_points_quantities" CHECK ("reorder_points"."min_qty" >= 0 and "reorder_points"."target_qty" > "reorder_points"."min_qty" and "reorder_points"."pack_size" >= 1)
);
--> statement-breakpoint
ALTER TABLE "reorder_points" ADD CONSTRAINT "reorder_points_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;