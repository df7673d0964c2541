CREATE TABLE "write_positions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lsn" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "write_positions" ADD CONSTRAINT "write_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;