CREATE TABLE "material_units" (
	"material_id" uuid NOT NULL,
	"name" text NOT NULL,
	"factor" numeric(20, 10) NOT NULL,
	CONSTRAINT "material_units_pkey" PRIMARY KEY("material_id","name"),
	CONSTRAINT "material_units_factor_positive" CHECK ("material_units"."factor" > 0)
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "units_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "entered_quantity" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "entered_unit" text;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "entered_unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "material_units" ADD CONSTRAINT "material_units_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_units_name_key" ON "material_units" USING btree ("material_id",lower("name"));