-- Personal API tokens, kept as the SHA-256 of their secret.
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_scope_check" CHECK ("api_tokens"."scope" in ('read', 'full'))
);
--> statement-breakpoint
-- The writing transaction of each new movement, for the movements feed (GET /api/movements?after=).
-- Added bare and given its default after, so the ledger is not rewritten: older rows read as 0.
ALTER TABLE "movements" ADD COLUMN "tx_id" "xid8";--> statement-breakpoint
ALTER TABLE "movements" ALTER COLUMN "tx_id" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_user_name_live_key" ON "api_tokens" USING btree ("user_id",lower("name")) WHERE "api_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "movements_feed_idx" ON "movements" USING btree (coalesce("tx_id", '0'::xid8),"id");--> statement-breakpoint
-- Tokens are checked from memory like sessions: revoking one tells every process to read them again.
CREATE TRIGGER "api_tokens_changed" AFTER UPDATE OF "revoked_at", "user_id" OR DELETE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
