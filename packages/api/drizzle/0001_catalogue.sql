CREATE TABLE "aircraft_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "option_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "option_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "options_code_unique" UNIQUE("code"),
	CONSTRAINT "options_price_not_negative" CHECK ("options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_prices" (
	"rate_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"price_standard" bigint NOT NULL,
	"price_round" bigint NOT NULL,
	"price_child_percent" numeric(5, 2) NOT NULL,
	"price_infant_percent" numeric(5, 2) NOT NULL,
	"airport_fee" bigint NOT NULL,
	"fuel_fee" bigint NOT NULL,
	CONSTRAINT "rate_prices_rate_id_tariff_id_pk" PRIMARY KEY("rate_id","tariff_id"),
	CONSTRAINT "rate_prices_not_negative" CHECK ("rate_prices"."price_standard" >= 0 AND "rate_prices"."price_round" >= 0 AND "rate_prices"."airport_fee" >= 0 AND "rate_prices"."fuel_fee" >= 0),
	CONSTRAINT "rate_prices_percent_range" CHECK ("rate_prices"."price_child_percent" BETWEEN 0 AND 100 AND "rate_prices"."price_infant_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_type_id_option_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."option_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_prices" ADD CONSTRAINT "rate_prices_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_prices" ADD CONSTRAINT "rate_prices_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aircraft_templates_label_key" ON "aircraft_templates" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "flight_companies_name_idx" ON "flight_companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "rates_name_idx" ON "rates" USING btree (lower("name"));