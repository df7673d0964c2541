-- A version on each material that every change to its report line moves, so a cached report can tell it is current.
ALTER TABLE "materials" ADD COLUMN "change_version" integer DEFAULT 1 NOT NULL;