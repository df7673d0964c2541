-- The ledger only grows. Reports read a store's recent movements from the covering index alone, which
-- works only for pages the visibility map marks all-visible, and only vacuum marks them. By default an
-- insert-only table is vacuumed after inserts of 20 % of its size: on a million-row ledger the last
-- months stay unmarked and a month-end report fetches every recent movement from the table too.
-- Vacuuming after every 10,000 new movements keeps the recent pages marked (a vacuum skips marked pages).
ALTER TABLE "movements" SET (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);
