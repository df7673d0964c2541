CREATE TABLE "movement_locations" (
	"movement_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"accuracy_m" numeric(9, 1) NOT NULL,
	"distance_m" integer,
	"radius_m" integer,
	"outside_geofence" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "geofence_lat" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "geofence_lon" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "geofence_radius_m" integer;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD COLUMN "location" jsonb;--> statement-breakpoint
ALTER TABLE "movement_locations" ADD CONSTRAINT "movement_locations_movement_id_movement_keys_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movement_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_locations" ADD CONSTRAINT "movement_locations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_locations_outside_idx" ON "movement_locations" USING btree ("store_id","occurred_at") WHERE "movement_locations"."outside_geofence";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_geofence_whole" CHECK (("stores"."geofence_lat" is null) = ("stores"."geofence_lon" is null) and ("stores"."geofence_lat" is null) = ("stores"."geofence_radius_m" is null));--> statement-breakpoint
CREATE TRIGGER "movement_locations_no_update_or_delete" BEFORE UPDATE OR DELETE ON "movement_locations"
  FOR EACH ROW EXECUTE FUNCTION "movements_append_only"();
