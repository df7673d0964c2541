CREATE TABLE "oidc_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"user_id" uuid,
	"ticket_hash" text,
	"is_second_factor_checked" boolean DEFAULT false NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_logins_state_key" ON "oidc_logins" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_logins_ticket_key" ON "oidc_logins" USING btree ("ticket_hash");