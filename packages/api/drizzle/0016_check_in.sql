ALTER TABLE "tickets" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "check_in_sequence" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_flight_check_in_sequence_key" ON "tickets" USING btree ("flight_id","check_in_sequence") WHERE "tickets"."is_active" AND "tickets"."check_in_sequence" IS NOT NULL;