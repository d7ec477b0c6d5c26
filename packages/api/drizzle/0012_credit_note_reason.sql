ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_reservation_id_unique";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "reason" text DEFAULT 'cancellation' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cancellation_idx" ON "credit_notes" USING btree ("reservation_id") WHERE "credit_notes"."reason" = 'cancellation';--> statement-breakpoint
CREATE INDEX "credit_notes_reservation_idx" ON "credit_notes" USING btree ("reservation_id");