-- Substring search (ILIKE '%text%') of materials and tools, served by trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "materials_search_trgm_idx" ON "materials" USING gin ((name || ' ' || category_name || ' ' || material_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops);
