-- The schema files (src/db/schema) now describe what migrations 0003 and 0005 wrote by hand: the
-- trigram search indexes and item_counts. Every database that reaches this migration has them
-- already, so it records them in drizzle-kit's snapshot and changes nothing.
CREATE TABLE IF NOT EXISTS "item_counts" (
	"store_id" uuid NOT NULL REFERENCES "stores"("id"),
	"item_kind" text NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "item_counts_pkey" PRIMARY KEY("store_id","item_kind")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "materials_search_trgm_idx" ON "materials" USING gin (("name" || ' ' || "category_name" || ' ' || "material_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);
