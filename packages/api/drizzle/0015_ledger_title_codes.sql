ALTER TABLE "balance_log_records" ADD COLUMN "title_code" text;--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD COLUMN "title_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Titles Flybook wrote before they had codes get the code and parameters their English pattern and
-- category say, so they read in the reader's language too (docs/payments.md, "The ledger in four
-- languages"). A record's payment method was its description. Titles typed by hand keep no code.
UPDATE "balance_log_records" SET "title_code" = 'reservationPayment', "title_params" = jsonb_build_object(
    'reservationId', (regexp_match("title", '^Reservation (\d+)$'))[1]::integer, 'method', "description")
  WHERE "title_code" IS NULL AND "type_id" IN (4, 5) AND "title" ~ '^Reservation \d+$'
    AND "description" IN ('account', 'cash', 'bank', 'transfer', 'datatrans');--> statement-breakpoint
UPDATE "balance_log_records" SET
    "title_code" = CASE WHEN "description" = 'overpayment' THEN 'overpaymentRefund' ELSE 'reservationRefund' END,
    "title_params" = jsonb_build_object(
      'reservationId', (regexp_match("title", '^Refund reservation (\d+)$'))[1]::integer,
      'method', CASE WHEN "description" = 'overpayment' THEN 'datatrans' ELSE "description" END)
  WHERE "title_code" IS NULL AND "type_id" = 7 AND "title" ~ '^Refund reservation \d+$'
    AND "description" IN ('overpayment', 'account', 'cash', 'bank', 'transfer', 'datatrans');--> statement-breakpoint
UPDATE "balance_log_records" SET "title_code" = 'cancellationFee', "title_params" = jsonb_build_object(
    'reservationId', (regexp_match("title", '^Cancellation fee reservation (\d+)$'))[1]::integer)
  WHERE "title_code" IS NULL AND "type_id" = 9 AND "title" ~ '^Cancellation fee reservation \d+$';--> statement-breakpoint
UPDATE "balance_log_records" SET "title_code" = 'reservationSplit', "title_params" = jsonb_build_object(
    'fromReservationId', (regexp_match("title", '^Split reservation (\d+) → (\d+)$'))[1]::integer,
    'toReservationId', (regexp_match("title", '^Split reservation (\d+) → (\d+)$'))[2]::integer,
    'method', "description")
  WHERE "title_code" IS NULL AND "type_id" = 10 AND "title" ~ '^Split reservation \d+ → \d+$'
    AND "description" IN ('account', 'cash', 'bank', 'transfer', 'datatrans');--> statement-breakpoint
UPDATE "balance_log_records" SET "title_code" = 'cardTopUp', "title_params" = jsonb_build_object(
    'refno', (regexp_match("title", '^Card top-up (.+)$'))[1])
  WHERE "title_code" IS NULL AND "type_id" = 6 AND "title" ~ '^Card top-up .+$';--> statement-breakpoint
-- An allotment payment is a deposit into the agent's account (prepaid deposit, by its method) and the
-- settlement of the invoice (payment, with the invoice's own title as description).
UPDATE "balance_log_records" SET "title_code" = 'allotmentPayment', "title_params" = jsonb_build_object(
    'allotmentInvoiceId', (regexp_match("title", '^Allotment invoice (\d+)$'))[1]::integer)
    || CASE WHEN "type_id" = 2 THEN jsonb_build_object('method', "description") ELSE '{}'::jsonb END
  WHERE "title_code" IS NULL AND "title" ~ '^Allotment invoice \d+$'
    AND ("type_id" = 4 OR ("type_id" = 2 AND "description" IN ('cash', 'transfer')));--> statement-breakpoint
-- A basic transaction was titled "debit → credit" with both accounts' names; one whose account has
-- been renamed since keeps its title as written.
UPDATE "balance_log_records" r SET "title_code" = 'accountTransfer'
  FROM "accounts" d LEFT JOIN "users" du ON du."id" = d."owner_user_id",
    "accounts" c LEFT JOIN "users" cu ON cu."id" = c."owner_user_id"
  WHERE r."title_code" IS NULL AND r."type_id" IN (1, 2, 3)
    AND d."id" = r."debit_account_id" AND c."id" = r."credit_account_id"
    AND r."title" = coalesce(du."display_name", d."name", d."virtual_code") || ' → '
      || coalesce(cu."display_name", c."name", c."virtual_code");
