ALTER TABLE "deliveries" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "expires_on" date;