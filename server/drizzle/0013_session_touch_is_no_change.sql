-- Marking a session used (last_used_at, at most once a minute) is not a change other processes must
-- hear of: only a revocation, an expiry or a removal makes them read sessions again. Without the
-- column list, every check that found the mark fresh enough still announced a change and emptied
-- every process's session cache.
DROP TRIGGER "sessions_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
