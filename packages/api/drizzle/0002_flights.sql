CREATE TABLE "allotments" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"tariff_group_id" integer NOT NULL,
	"seats_number" integer NOT NULL,
	"cost_per_seat" bigint DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allotments_booked_within" CHECK ("allotments"."booked" BETWEEN 0 AND "allotments"."seats_number"),
	CONSTRAINT "allotments_cost_not_negative" CHECK ("allotments"."cost_per_seat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flight_seats" (
	"flight_id" integer NOT NULL,
	"tariff_group_id" integer NOT NULL,
	"total_seats" integer NOT NULL,
	"seats_for_sale" integer NOT NULL,
	"cost_per_seat" bigint DEFAULT 0 NOT NULL,
	"agent_seats_limit" integer NOT NULL,
	"online_seats_limit" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"allotted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flight_seats_flight_id_tariff_group_id_pk" PRIMARY KEY("flight_id","tariff_group_id"),
	CONSTRAINT "flight_seats_counts" CHECK ("flight_seats"."booked" >= 0 AND "flight_seats"."allotted" >= 0 AND "flight_seats"."cost_per_seat" >= 0),
	CONSTRAINT "flight_seats_for_sale" CHECK ("flight_seats"."seats_for_sale" BETWEEN 0 AND "flight_seats"."total_seats"),
	CONSTRAINT "flight_seats_not_oversold" CHECK ("flight_seats"."booked" + "flight_seats"."allotted" <= "flight_seats"."total_seats")
);
--> statement-breakpoint
CREATE TABLE "flight_sequences" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"period" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"flight_company_id" integer NOT NULL,
	"origin_airport_id" integer NOT NULL,
	"destination_airport_id" integer NOT NULL,
	"departure" timestamp with time zone NOT NULL,
	"arrival" timestamp with time zone NOT NULL,
	"aircraft_template_id" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"is_online_check_in_enabled" boolean DEFAULT false NOT NULL,
	"is_booked_out" boolean DEFAULT false NOT NULL,
	"is_delayed" boolean DEFAULT false NOT NULL,
	"delay_minutes" integer,
	"comment" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"rate_id" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"sequence_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flights_arrival_after_departure" CHECK ("flights"."arrival" > "flights"."departure")
);
--> statement-breakpoint
CREATE TABLE "reservation_passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"salutation" text DEFAULT 'mr' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text,
	"age_type" text NOT NULL,
	"birthday" date
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"owner_id" integer,
	"reservator_id" integer,
	"billing" jsonb NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"flight_id" integer NOT NULL,
	"direction" text NOT NULL,
	"tariff_id" integer NOT NULL,
	"tariff_group_id" integer NOT NULL,
	"allotment_id" integer,
	"seat_label" text,
	"base_price" bigint DEFAULT 0 NOT NULL,
	"airport_fee" bigint DEFAULT 0 NOT NULL,
	"fuel_fee" bigint DEFAULT 0 NOT NULL,
	"seat_price" bigint DEFAULT 0 NOT NULL,
	"options_price" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_appeared" boolean,
	"appearing_comment" text,
	"is_notified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tickets_prices_not_negative" CHECK ("tickets"."base_price" >= 0 AND "tickets"."airport_fee" >= 0 AND "tickets"."fuel_fee" >= 0 AND "tickets"."seat_price" >= 0 AND "tickets"."options_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_tariff_group_id_tariff_groups_id_fk" FOREIGN KEY ("tariff_group_id") REFERENCES "public"."tariff_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_seats" ADD CONSTRAINT "flight_seats_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_seats" ADD CONSTRAINT "flight_seats_tariff_group_id_tariff_groups_id_fk" FOREIGN KEY ("tariff_group_id") REFERENCES "public"."tariff_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_flight_company_id_flight_companies_id_fk" FOREIGN KEY ("flight_company_id") REFERENCES "public"."flight_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_origin_airport_id_airports_id_fk" FOREIGN KEY ("origin_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_destination_airport_id_airports_id_fk" FOREIGN KEY ("destination_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_aircraft_template_id_aircraft_templates_id_fk" FOREIGN KEY ("aircraft_template_id") REFERENCES "public"."aircraft_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_sequence_id_flight_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."flight_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_passengers" ADD CONSTRAINT "reservation_passengers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_reservator_id_users_id_fk" FOREIGN KEY ("reservator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_passenger_id_reservation_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."reservation_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotments_flight_idx" ON "allotments" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "allotments_agent_idx" ON "allotments" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "flights_departure_idx" ON "flights" USING btree ("departure","id");--> statement-breakpoint
CREATE INDEX "flights_status_departure_idx" ON "flights" USING btree ("status","departure");--> statement-breakpoint
CREATE INDEX "flights_sequence_idx" ON "flights" USING btree ("sequence_id");--> statement-breakpoint
CREATE INDEX "flights_route_departure_idx" ON "flights" USING btree ("origin_airport_id","destination_airport_id","departure");--> statement-breakpoint
CREATE INDEX "reservation_passengers_reservation_idx" ON "reservation_passengers" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservations_owner_idx" ON "reservations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "reservations_created_idx" ON "reservations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_flight_idx" ON "tickets" USING btree ("flight_id","is_active");--> statement-breakpoint
CREATE INDEX "tickets_reservation_idx" ON "tickets" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_flight_seat_key" ON "tickets" USING btree ("flight_id","seat_label") WHERE "tickets"."is_active" AND "tickets"."seat_label" IS NOT NULL;