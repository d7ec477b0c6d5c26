-- Record locators: 6 characters of A–Z and 2–9 without I and O (32 symbols, so a random byte
-- modulo 32 has no bias), from gen_random_uuid()'s random source; retried until unused. The
-- alphabet is @flybook/domain's RECORD_LOCATOR_ALPHABET.
CREATE FUNCTION flybook_new_record_locator() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  random_bytes bytea;
  code text;
BEGIN
  LOOP
    random_bytes := uuid_send(gen_random_uuid());
    code := '';
    -- Bytes 0–5 of a version-4 UUID are wholly random (the version and variant bits are later).
    FOR i IN 0..5 LOOP
      code := code || substr(alphabet, (get_byte(random_bytes, i) % 32) + 1, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM reservations WHERE record_locator = code);
  END LOOP;
  RETURN code;
END
$$;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "record_locator" text;--> statement-breakpoint
-- One row at a time, so each new locator is checked against those given before it.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM reservations ORDER BY id LOOP
    UPDATE reservations SET record_locator = flybook_new_record_locator() WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "record_locator" SET DEFAULT flybook_new_record_locator();--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "record_locator" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_record_locator_idx" ON "reservations" USING btree ("record_locator");--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_reservation_idx" ON "outbox" USING btree ("reservation_id");--> statement-breakpoint
CREATE TABLE "reservation_access_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"issued_for" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "reservation_access_keys" ADD CONSTRAINT "reservation_access_keys_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_access_keys_reservation_idx" ON "reservation_access_keys" USING btree ("reservation_id");
