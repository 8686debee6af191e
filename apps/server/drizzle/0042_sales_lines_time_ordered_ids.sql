-- Sales lines get time-ordered ids (UUID version 7, RFC 9562: 48 bits of Unix milliseconds,
-- the version, then random bits), so the lines of one month sit side by side in the indexes
-- keyed by the line (docs/decisions/0087). PostgreSQL before 18 has no uuidv7(): the function
-- takes a random (version 4) UUID, writes the milliseconds over its first six bytes and turns
-- its version nibble from 0100 into 0111 (bits 52 and 53 of the byte string). Old lines keep
-- their ids.
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
$$;
--> statement-breakpoint
ALTER TABLE "sales_lines" ALTER COLUMN "id" SET DEFAULT uuid_v7();
