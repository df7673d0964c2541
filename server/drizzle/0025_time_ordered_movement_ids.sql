-- UUID version 7: the first 48 bits are the Unix time in milliseconds, then the version, then random bits
-- (from gen_random_uuid(), whose variant bits are already the ones version 7 needs). New ids sort after
-- older ones, so a new movement's primary-key entry lands on the index's last pages.
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "movements" ALTER COLUMN "id" SET DEFAULT uuid_v7();
