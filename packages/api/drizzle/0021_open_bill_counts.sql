CREATE TABLE "open_bill_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_bill_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_status" text NOT NULL,
	"payment_terms" text NOT NULL,
	"is_charged" boolean NOT NULL,
	"reservation_cancelled" boolean NOT NULL,
	"bills" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_invoices" ADD COLUMN "reservation_cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The invoice overview's total, kept by the database (docs/lists-at-scale.md, "Invoice overview").
-- An invoice carries whether its reservation is cancelled: set when it is written, and followed
-- by a row trigger whenever a reservation enters or leaves `cancelled`. That update takes the
-- invoice's row lock like a payment does, so a cancellation and a payment at once are counted in
-- the order they commit, and the count below is kept from the invoice alone.
CREATE FUNCTION flybook_invoice_of_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reservation_cancelled := EXISTS (
    SELECT 1 FROM reservations WHERE id = NEW.reservation_id AND status = 'cancelled');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION flybook_follow_cancellation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservation_invoices SET reservation_cancelled = (NEW.status = 'cancelled')
   WHERE reservation_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One statement trigger per kind of change (a trigger with transition tables has one event). Each
-- appends what its statement added to and removed from the open bills, one row per kind that
-- changed: appending never waits on another transaction, so concurrent bookings do not queue on a
-- counter. The open-bill folder (jobs/open-bill-folder.ts) sums the rows into one per kind.
CREATE FUNCTION flybook_count_open_bills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM open_bill_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO open_bill_counts (invoice_status, payment_terms, is_charged, reservation_cancelled, bills)
      SELECT status, payment_terms, total > 0, reservation_cancelled, count(*) FROM added
       WHERE status IN ('notPaid', 'partly')
       GROUP BY status, payment_terms, total > 0, reservation_cancelled;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO open_bill_counts (invoice_status, payment_terms, is_charged, reservation_cancelled, bills)
      SELECT status, payment_terms, total > 0, reservation_cancelled, -count(*) FROM removed
       WHERE status IN ('notPaid', 'partly')
       GROUP BY status, payment_terms, total > 0, reservation_cancelled;
  ELSE
    -- An update moves a bill between kinds only when it changes one of the four.
    INSERT INTO open_bill_counts (invoice_status, payment_terms, is_charged, reservation_cancelled, bills)
      SELECT status, payment_terms, is_charged, reservation_cancelled, sum(change) FROM (
        SELECT status, payment_terms, total > 0 AS is_charged, reservation_cancelled, 1 AS change
          FROM added WHERE status IN ('notPaid', 'partly')
        UNION ALL
        SELECT status, payment_terms, total > 0, reservation_cancelled, -1
          FROM removed WHERE status IN ('notPaid', 'partly')
      ) AS changes
      GROUP BY status, payment_terms, is_charged, reservation_cancelled HAVING sum(change) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "reservation_invoices" SET "reservation_cancelled" = true
  FROM "reservations" WHERE "reservations"."id" = "reservation_invoices"."reservation_id"
   AND "reservations"."status" = 'cancelled';--> statement-breakpoint
INSERT INTO "open_bill_counts" ("invoice_status", "payment_terms", "is_charged", "reservation_cancelled", "bills")
  SELECT "status", "payment_terms", "total" > 0, "reservation_cancelled", count(*) FROM "reservation_invoices"
   WHERE "status" IN ('notPaid', 'partly')
   GROUP BY "status", "payment_terms", "total" > 0, "reservation_cancelled";--> statement-breakpoint
CREATE TRIGGER "reservation_invoices_of_cancelled" BEFORE INSERT ON "reservation_invoices"
  FOR EACH ROW EXECUTE FUNCTION flybook_invoice_of_cancelled();--> statement-breakpoint
CREATE TRIGGER "reservations_cancellation_followed" AFTER UPDATE OF "status" ON "reservations"
  FOR EACH ROW WHEN ((OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled'))
  EXECUTE FUNCTION flybook_follow_cancellation();--> statement-breakpoint
CREATE TRIGGER "open_bills_counted_on_insert" AFTER INSERT ON "reservation_invoices"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_open_bills();--> statement-breakpoint
CREATE TRIGGER "open_bills_counted_on_update" AFTER UPDATE ON "reservation_invoices"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_open_bills();--> statement-breakpoint
CREATE TRIGGER "open_bills_counted_on_delete" AFTER DELETE ON "reservation_invoices"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_open_bills();--> statement-breakpoint
CREATE TRIGGER "open_bills_counted_on_truncate" AFTER TRUNCATE ON "reservation_invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_open_bills();
