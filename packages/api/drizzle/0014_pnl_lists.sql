ALTER TABLE "flight_companies" ADD COLUMN "pnl_originator" text;--> statement-breakpoint
ALTER TABLE "flight_companies" ADD COLUMN "pnl_addresses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pnl_messages" ADD COLUMN "group_codes" jsonb DEFAULT '{}'::jsonb NOT NULL;