-- The guarded seat update of a booking whose statement carries its transaction's COMMIT
-- (db/transaction-edges.ts, docs/booking.md): there a seat update that took no row must fail the
-- statement, so that PostgreSQL skips the COMMIT queued behind it and the booking's rows written
-- before are rolled back, instead of answering "no row" to code that could only roll back after
-- the commit. FB001 is Flybook's own SQLSTATE for it; the code answers it as a sold-out flight.
CREATE FUNCTION flybook_seats_taken(taken bigint) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF taken = 0 THEN
    RAISE EXCEPTION 'no seat taken: the flight no longer has them for sale' USING ERRCODE = 'FB001';
  END IF;
  RETURN taken;
END
$$;
