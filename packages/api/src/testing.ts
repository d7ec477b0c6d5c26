// What tests and the bench's bulk volume build data with, beyond the public index: the test app,
// scratch databases, the tables, and the pieces the API itself writes a flight and a booking with
// (so bulk rows look like the API's own). Not for running the API (that is `@flybook/api`).
export * from './db/schema/index.ts';
export { planBooking } from './modules/booking/booking-plan.ts';
export { insertFlightSeats, insertFlights, insertSequence } from './modules/flights/flights.repository.ts';
export { balanceLogTypeId } from './modules/ledger/ledger.ts';
export { toReservation } from './modules/reservations/reservation-view.ts';
export { newReservationRecord } from './modules/reservations/reservation-writer.ts';
export type { ReservationRecord } from './modules/reservations/reservations.service.ts';
export { hashPassword } from './platform/secrets.ts';
export { timetableSeats } from './seed/demo-flights.ts';
export { createTestApp, type TestApp } from './test/harness.ts';
export { createScratchDatabase, maintenanceQuery, type ScratchDatabase } from './test/scratch-database.ts';
