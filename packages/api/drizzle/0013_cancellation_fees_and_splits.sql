ALTER TABLE "reservation_payments" DROP CONSTRAINT "reservation_payments_amount_positive";--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "reverses_payment_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "split_from_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_reverses_payment_id_reservation_payments_id_fk" FOREIGN KEY ("reverses_payment_id") REFERENCES "public"."reservation_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_split_from_id_reservations_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_amount_not_zero" CHECK ("reservation_payments"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_reversal_signed" CHECK (("reservation_payments"."amount" < 0) = ("reservation_payments"."reverses_payment_id" IS NOT NULL));--> statement-breakpoint
INSERT INTO "balance_log_types" ("id", "code", "name") VALUES
  (9, 'cancellation_fee', '{"de":"Annullierungsgebühr","en":"Cancellation fee","fr":"Frais d''annulation","sq":"Tarifë anulimi"}'),
  (10, 'reservation_transfer', '{"de":"Umbuchung zwischen Reservierungen","en":"Transfer between reservations","fr":"Transfert entre réservations","sq":"Transferim mes rezervimeve"}');--> statement-breakpoint
-- What customers owe: cancellation fees booked as revenue before they are paid (docs/payments.md).
INSERT INTO "accounts" ("type", "virtual_code", "virtual_kind", "name")
  SELECT 'asset', 'RECEIVABLES', 'receivable', 'Receivables (cancellation fees)'
  WHERE NOT EXISTS (SELECT 1 FROM "accounts" WHERE "virtual_code" = 'RECEIVABLES');
--> statement-breakpoint
-- Card bookings the expiry job released owe nothing: their invoice charges no fee.
UPDATE "reservation_invoices" i SET "total" = 0, "status" = CASE WHEN i."total_paid" > 0 THEN 'overpaid' ELSE 'notPaid' END
  FROM "reservations" r
  WHERE r."id" = i."reservation_id" AND r."status" = 'cancelled' AND i."payment_terms" = 'now'
    AND (SELECT s."user_id" FROM "reservation_snapshots" s WHERE s."reservation_id" = r."id" ORDER BY s."version" DESC LIMIT 1) IS NULL;--> statement-breakpoint
-- Cancellation fees charged before and still open are owed: a receivable each, as cancelling books it now.
WITH "fees" AS (
  SELECT i."reservation_id", i."total" - i."total_paid" AS "amount",
    sum(i."total" - i."total_paid") OVER (ORDER BY i."reservation_id") AS "running"
  FROM "reservation_invoices" i JOIN "reservations" r ON r."id" = i."reservation_id"
  WHERE r."status" = 'cancelled' AND i."total" > i."total_paid"
), "receivables" AS (SELECT "id", "balance" FROM "accounts" WHERE "virtual_code" = 'RECEIVABLES'),
"revenue" AS (SELECT "id", "balance" FROM "accounts" WHERE "virtual_code" = 'REVENUE_TICKETS')
INSERT INTO "balance_log_records" ("debit_account_id", "credit_account_id", "amount", "debit_account_balance", "credit_account_balance", "type_id", "title", "reservation_id")
  SELECT "receivables"."id", "revenue"."id", f."amount", "receivables"."balance" + f."running", "revenue"."balance" + f."running", 9,
    'Cancellation fee reservation ' || f."reservation_id", f."reservation_id"
  FROM "fees" f, "receivables", "revenue";--> statement-breakpoint
UPDATE "accounts" a SET "balance" = a."balance" + coalesce((
  SELECT sum(b."amount") FROM "balance_log_records" b WHERE b."type_id" = 9
), 0) WHERE a."virtual_code" IN ('RECEIVABLES', 'REVENUE_TICKETS');
