ALTER TABLE "notifications" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_said_check" CHECK ("notifications"."code" is not null or "notifications"."text" is not null);