ALTER TABLE "sync_ops" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "cost_code" text;