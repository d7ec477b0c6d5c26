CREATE TABLE "user_counts" (
	"type" text NOT NULL,
	"is_active" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "user_counts_type_is_active_pk" PRIMARY KEY("type","is_active")
);--> statement-breakpoint
-- The user lists' totals, kept by the database in the transaction of every change to users
-- (docs/lists-at-scale.md, "Customer list"). One statement trigger per kind of change (a trigger
-- with transition tables has one event), each adding up per type and activity what its statement
-- inserted and removed. Rows are written in key order, so two transactions that change several
-- counts lock them in the same order.
CREATE FUNCTION flybook_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS counts (type, is_active, total)
      SELECT type, is_active, count(*) FROM added GROUP BY type, is_active ORDER BY type, is_active
      ON CONFLICT (type, is_active) DO UPDATE SET total = counts.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS counts (type, is_active, total)
      SELECT type, is_active, -count(*) FROM removed GROUP BY type, is_active ORDER BY type, is_active
      ON CONFLICT (type, is_active) DO UPDATE SET total = counts.total + excluded.total;
  ELSE
    -- An update moves a user between counts only when it changes their type or activity.
    INSERT INTO user_counts AS counts (type, is_active, total)
      SELECT type, is_active, sum(change) FROM (
        SELECT type, is_active, 1 AS change FROM added
        UNION ALL SELECT type, is_active, -1 FROM removed
      ) AS changes
      GROUP BY type, is_active HAVING sum(change) <> 0 ORDER BY type, is_active
      ON CONFLICT (type, is_active) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "user_counts" ("type", "is_active", "total")
  SELECT "type", "is_active", count(*) FROM "users" GROUP BY "type", "is_active";--> statement-breakpoint
CREATE TRIGGER "users_counted_on_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_users();--> statement-breakpoint
CREATE TRIGGER "users_counted_on_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_users();--> statement-breakpoint
CREATE TRIGGER "users_counted_on_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_users();--> statement-breakpoint
CREATE TRIGGER "users_counted_on_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION flybook_count_users();
