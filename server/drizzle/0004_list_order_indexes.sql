DROP INDEX "materials_store_created_idx";--> statement-breakpoint
DROP INDEX "tools_store_created_idx";--> statement-breakpoint
CREATE INDEX "materials_store_created_idx" ON "materials" USING btree ("store_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tools_store_created_idx" ON "tools" USING btree ("store_id","created_at" DESC NULLS LAST,"id");