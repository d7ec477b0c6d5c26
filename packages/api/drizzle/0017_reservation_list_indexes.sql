DROP INDEX "reservations_created_idx";--> statement-breakpoint
DROP INDEX "tickets_flight_idx";--> statement-breakpoint
CREATE INDEX "reservation_invoices_unpaid_deadline_idx" ON "reservation_invoices" USING btree ("payment_deadline","reservation_id","payment_terms","total") WHERE "reservation_invoices"."status" IN ('notPaid', 'partly');--> statement-breakpoint
CREATE INDEX "reservations_created_id_idx" ON "reservations" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tickets_flight_idx" ON "tickets" USING btree ("flight_id","is_active","reservation_id");