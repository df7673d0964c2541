-- Substring search (ILIKE '%text%') of materials and tools, served by trigram indexes; the report scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "materials_search_trgm_idx" ON "materials" USING gin ((name || ' ' || category_name || ' ' || material_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Reports read a store's movements from the start of the range on: an index-only scan.
CREATE INDEX "movements_store_time_covering_idx" ON "movements" ("store_id", "occurred_at") INCLUDE ("item_id", "item_kind", "kind", "quantity");
