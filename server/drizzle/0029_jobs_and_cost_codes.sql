CREATE TABLE "cost_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_stores" (
	"job_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	CONSTRAINT "job_stores_pkey" PRIMARY KEY("job_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"budget" numeric(20, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "cost_code_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "require_job" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_stores" ADD CONSTRAINT "job_stores_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stores" ADD CONSTRAINT "job_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_codes_code_key" ON "cost_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_code_key" ON "jobs" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_cost_code_id_cost_codes_id_fk" FOREIGN KEY ("cost_code_id") REFERENCES "public"."cost_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_job_time_idx" ON "movements" USING btree ("job_id","occurred_at") WHERE "movements"."job_id" is not null;