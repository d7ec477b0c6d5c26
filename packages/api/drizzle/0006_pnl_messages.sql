CREATE TABLE "pnl_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"agent_id" integer,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"total" integer NOT NULL,
	"passengers" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pnl_messages" ADD CONSTRAINT "pnl_messages_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnl_messages" ADD CONSTRAINT "pnl_messages_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnl_messages" ADD CONSTRAINT "pnl_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pnl_messages_list_idx" ON "pnl_messages" USING btree ("flight_id",coalesce("agent_id", 0),"id");