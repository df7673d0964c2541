ALTER TABLE "sync_ops" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "expires_on" date;