-- Tokens made before they could expire end 90 days after this migration.
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "api_tokens" SET "expires_at" = now() + interval '90 days';--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" SET NOT NULL;
