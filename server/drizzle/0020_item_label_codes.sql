-- A short, stable code for each material and tool (M-1F4, T-2A), printed on its label for a scan to find it.
CREATE SEQUENCE "public"."item_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "code" text DEFAULT ('M-' || upper(to_hex(nextval('item_code_seq')))) NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "code" text DEFAULT ('T-' || upper(to_hex(nextval('item_code_seq')))) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "materials_code_key" ON "materials" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_code_key" ON "tools" USING btree ("code");