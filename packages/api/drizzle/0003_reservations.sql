CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"status" text DEFAULT 'notPaid' NOT NULL,
	"total" bigint NOT NULL,
	"computed_total" bigint NOT NULL,
	"update_fee" bigint DEFAULT 0 NOT NULL,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"is_specific_price" boolean DEFAULT false NOT NULL,
	"payment_terms" text NOT NULL,
	"payment_deadline" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_invoices_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "reservation_invoices_money" CHECK ("reservation_invoices"."total" >= 0 AND "reservation_invoices"."computed_total" >= 0 AND "reservation_invoices"."update_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_options" (
	"ticket_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "ticket_options_price" CHECK ("ticket_options"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_needs_to_be_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_invoices" ADD CONSTRAINT "reservation_invoices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_snapshots" ADD CONSTRAINT "reservation_snapshots_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_snapshots" ADD CONSTRAINT "reservation_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_options" ADD CONSTRAINT "ticket_options_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_options" ADD CONSTRAINT "ticket_options_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reservation_invoices_deadline_idx" ON "reservation_invoices" USING btree ("payment_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_snapshots_version_key" ON "reservation_snapshots" USING btree ("reservation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_options_key" ON "ticket_options" USING btree ("ticket_id","option_id");--> statement-breakpoint
CREATE INDEX "reservations_reservator_idx" ON "reservations" USING btree ("reservator_id");--> statement-breakpoint
CREATE INDEX "reservations_expiry_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'created' AND "reservations"."expires_at" IS NOT NULL;