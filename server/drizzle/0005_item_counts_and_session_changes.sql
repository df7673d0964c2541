-- Live materials and tools per store, kept by triggers in the same transaction as the change, so a
-- list's "N rows" is one row read instead of a count over the store. Derived data: not in backups,
-- rebuilt by the triggers when a backup's items are loaded.
CREATE TABLE "item_counts" (
	"store_id" uuid NOT NULL REFERENCES "stores"("id"),
	"item_kind" text NOT NULL,
	"live" integer NOT NULL,
	PRIMARY KEY ("store_id", "item_kind")
);--> statement-breakpoint
CREATE FUNCTION "add_item_counts"(kind text, deltas jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO item_counts (store_id, item_kind, live)
	SELECT (d->>'store_id')::uuid, kind, (d->>'delta')::int FROM jsonb_array_elements(deltas) d
	ON CONFLICT (store_id, item_kind) DO UPDATE SET live = item_counts.live + excluded.live;
$$;--> statement-breakpoint
CREATE FUNCTION "count_added_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_item_counts(TG_ARGV[0], coalesce((
		SELECT jsonb_agg(jsonb_build_object('store_id', store_id, 'delta', n) ORDER BY store_id)
		FROM (SELECT store_id, count(*) AS n FROM added WHERE deleted_at IS NULL GROUP BY store_id) g), '[]'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_changed_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_item_counts(TG_ARGV[0], coalesce((
		SELECT jsonb_agg(jsonb_build_object('store_id', store_id, 'delta', n) ORDER BY store_id)
		FROM (
			SELECT store_id, sum(delta) AS n FROM (
				SELECT store_id, 1 AS delta FROM added WHERE deleted_at IS NULL
				UNION ALL SELECT store_id, -1 FROM removed WHERE deleted_at IS NULL
			) d GROUP BY store_id HAVING sum(delta) <> 0
		) g), '[]'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_removed_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_item_counts(TG_ARGV[0], coalesce((
		SELECT jsonb_agg(jsonb_build_object('store_id', store_id, 'delta', -n) ORDER BY store_id)
		FROM (SELECT store_id, count(*) AS n FROM removed WHERE deleted_at IS NULL GROUP BY store_id) g), '[]'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "materials_counted_insert" AFTER INSERT ON "materials" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION count_added_items('material');--> statement-breakpoint
CREATE TRIGGER "materials_counted_update" AFTER UPDATE ON "materials" REFERENCING OLD TABLE AS removed NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION count_changed_items('material');--> statement-breakpoint
CREATE TRIGGER "materials_counted_delete" AFTER DELETE ON "materials" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION count_removed_items('material');--> statement-breakpoint
CREATE TRIGGER "tools_counted_insert" AFTER INSERT ON "tools" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION count_added_items('tool');--> statement-breakpoint
CREATE TRIGGER "tools_counted_update" AFTER UPDATE ON "tools" REFERENCING OLD TABLE AS removed NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION count_changed_items('tool');--> statement-breakpoint
CREATE TRIGGER "tools_counted_delete" AFTER DELETE ON "tools" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION count_removed_items('tool');--> statement-breakpoint
INSERT INTO "item_counts" ("store_id", "item_kind", "live")
	SELECT store_id, 'material', count(*) FROM materials WHERE deleted_at IS NULL GROUP BY store_id
	UNION ALL SELECT store_id, 'tool', count(*) FROM tools WHERE deleted_at IS NULL GROUP BY store_id;--> statement-breakpoint
-- Sessions are checked from memory while nothing changes; these tell every listening process
-- (LISTEN stockyard_sessions) to read them from the database again.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('stockyard_sessions', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "user_stores_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_stores" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
