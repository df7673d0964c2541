-- Movements phones sent through the sync call: applied once per (user, opId), or parked for a person to apply or discard.
CREATE TABLE "sync_ops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"op_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text NOT NULL,
	"code" text,
	"message" text,
	"available" integer,
	"movement_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"discard_reason" text,
	CONSTRAINT "sync_ops_state_check" CHECK ("sync_ops"."state" in ('applied', 'parked', 'discarded')),
	CONSTRAINT "sync_ops_applied_has_movement" CHECK (("sync_ops"."state" = 'applied') = ("sync_ops"."movement_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_ops_user_op_key" ON "sync_ops" USING btree ("user_id","op_id");--> statement-breakpoint
CREATE INDEX "sync_ops_parked_store_idx" ON "sync_ops" USING btree ("store_id","received_at") WHERE "sync_ops"."state" = 'parked';