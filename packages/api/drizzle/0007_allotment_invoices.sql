CREATE TABLE "allotment_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"title" text NOT NULL,
	"invoice_date" date NOT NULL,
	"payment_deadline" date NOT NULL,
	"invoice_company" text DEFAULT '' NOT NULL,
	"discount_description" text DEFAULT '' NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allotment_invoices_money" CHECK ("allotment_invoices"."total" >= 0 AND "allotment_invoices"."discount" >= 0 AND "allotment_invoices"."discount" <= "allotment_invoices"."total" AND "allotment_invoices"."total_paid" >= 0),
	CONSTRAINT "allotment_invoices_deadline" CHECK ("allotment_invoices"."payment_deadline" >= "allotment_invoices"."invoice_date")
);
--> statement-breakpoint
CREATE TABLE "allotment_invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"account_id" integer NOT NULL,
	"deposit_record_id" bigint NOT NULL,
	"balance_log_record_id" bigint NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allotment_invoice_payments_amount_positive" CHECK ("allotment_invoice_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "allotment_invoices" ADD CONSTRAINT "allotment_invoices_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoices" ADD CONSTRAINT "allotment_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoice_payments" ADD CONSTRAINT "allotment_invoice_payments_invoice_id_allotment_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."allotment_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoice_payments" ADD CONSTRAINT "allotment_invoice_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoice_payments" ADD CONSTRAINT "allotment_invoice_payments_deposit_record_id_balance_log_records_id_fk" FOREIGN KEY ("deposit_record_id") REFERENCES "public"."balance_log_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoice_payments" ADD CONSTRAINT "allotment_invoice_payments_balance_log_record_id_balance_log_records_id_fk" FOREIGN KEY ("balance_log_record_id") REFERENCES "public"."balance_log_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_invoice_payments" ADD CONSTRAINT "allotment_invoice_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotment_invoices_date_idx" ON "allotment_invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "allotment_invoices_agent_date_idx" ON "allotment_invoices" USING btree ("agent_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "allotment_invoices_status_deadline_idx" ON "allotment_invoices" USING btree ("status","payment_deadline");--> statement-breakpoint
CREATE INDEX "allotment_invoice_payments_invoice_idx" ON "allotment_invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_invoice_id_allotment_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."allotment_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotments_invoice_idx" ON "allotments" USING btree ("invoice_id");