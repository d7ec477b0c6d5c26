CREATE TABLE "balance_log_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"debit_account_balance" bigint NOT NULL,
	"credit_account_balance" bigint NOT NULL,
	"type_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reservation_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_log_records_amount_positive" CHECK ("balance_log_records"."amount" > 0),
	CONSTRAINT "balance_log_records_two_accounts" CHECK ("balance_log_records"."debit_account_id" <> "balance_log_records"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "balance_log_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "balance_log_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text,
	"refno" text NOT NULL,
	"source" text NOT NULL,
	"reservation_id" integer,
	"agent_id" integer,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"route_name" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"fail_message" text,
	"payment_page_url" text,
	"started_by_id" integer,
	"booked_at" timestamp with time zone,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transactions_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "card_transactions_refno_unique" UNIQUE("refno"),
	CONSTRAINT "card_transactions_amount_positive" CHECK ("card_transactions"."amount" > 0),
	CONSTRAINT "card_transactions_refund_bounded" CHECK ("card_transactions"."refunded" >= 0 AND "card_transactions"."refunded" <= "card_transactions"."amount"),
	CONSTRAINT "card_transactions_purpose" CHECK (("card_transactions"."reservation_id" IS NULL) <> ("card_transactions"."agent_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"paid" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"refund" bigint NOT NULL,
	"parts" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_reservation_id_unique" UNIQUE("reservation_id")
);
--> statement-breakpoint
CREATE TABLE "reservation_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"account_id" integer NOT NULL,
	"balance_log_record_id" bigint NOT NULL,
	"card_transaction_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_payments_amount_positive" CHECK ("reservation_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD CONSTRAINT "balance_log_records_debit_account_id_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD CONSTRAINT "balance_log_records_credit_account_id_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD CONSTRAINT "balance_log_records_type_id_balance_log_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."balance_log_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD CONSTRAINT "balance_log_records_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_log_records" ADD CONSTRAINT "balance_log_records_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_invoice_id_reservation_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."reservation_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_balance_log_record_id_balance_log_records_id_fk" FOREIGN KEY ("balance_log_record_id") REFERENCES "public"."balance_log_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_card_transaction_id_card_transactions_id_fk" FOREIGN KEY ("card_transaction_id") REFERENCES "public"."card_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_log_records_debit_idx" ON "balance_log_records" USING btree ("debit_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "balance_log_records_credit_idx" ON "balance_log_records" USING btree ("credit_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "balance_log_records_created_idx" ON "balance_log_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "balance_log_records_reservation_idx" ON "balance_log_records" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "card_transactions_reservation_idx" ON "card_transactions" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_payments_invoice_idx" ON "reservation_payments" USING btree ("invoice_id");--> statement-breakpoint
INSERT INTO "balance_log_types" ("id", "code", "name") VALUES
  (1, 'cashback', '{"de":"Cashback","en":"Cashback","fr":"Cashback","sq":"Cashback"}'),
  (2, 'prepaid_deposit', '{"de":"Vorauszahlung","en":"Prepaid deposit","fr":"Dépôt prépayé","sq":"Depozitë e parapaguar"}'),
  (3, 'settlement', '{"de":"Abrechnung","en":"Settlement","fr":"Règlement","sq":"Shlyerje"}'),
  (4, 'payment', '{"de":"Zahlung Reservation","en":"Reservation payment","fr":"Paiement de réservation","sq":"Pagesë rezervimi"}'),
  (5, 'card_payment', '{"de":"Kartenzahlung","en":"Card payment","fr":"Paiement par carte","sq":"Pagesë me kartë"}'),
  (6, 'charge_account', '{"de":"Konto aufladen","en":"Account top-up","fr":"Rechargement du compte","sq":"Rimbushje llogarie"}'),
  (7, 'refund', '{"de":"Rückerstattung","en":"Refund","fr":"Remboursement","sq":"Rimbursim"}'),
  (8, 'correction', '{"de":"Korrektur","en":"Correction","fr":"Correction","sq":"Korrigjim"}');
