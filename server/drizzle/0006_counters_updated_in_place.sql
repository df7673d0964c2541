-- Every stock movement rewrites its item's counters. Room left on each page lets PostgreSQL write the
-- new row version beside the old one without touching any index (a HOT update: no counter is indexed);
-- on full pages every movement added entries to all of the item's indexes, the trigram ones included.
ALTER TABLE "materials" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "tools" SET (fillfactor = 80);--> statement-breakpoint
-- A trigram index otherwise queues new entries in a pending list that every search reads through
-- until vacuum merges it; items are added seldom and searched often, so entries go straight in.
ALTER INDEX "materials_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "tools_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('materials_search_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('tools_name_trgm_idx'::regclass);
