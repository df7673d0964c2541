-- A tool issue sent through sync may hand the tools to a worker of the store, due back by a day.
ALTER TABLE "sync_ops" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "due_at" text;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;