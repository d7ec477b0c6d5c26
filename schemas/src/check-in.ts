import { z } from 'zod';
import { PassengerSeatSectionSchema } from './booking.ts';
import { IdSchema, LocaleSchema } from './common.ts';
import { AgeTypeSchema, MAX_PASSENGERS } from './fares.ts';
import { SeatLabelSchema } from './flights.ts';
import { defineCall } from './http.ts';

/**
 * Online check-in (docs/check-in.md): a traveller finds their paid booking by record locator and
 * last name, as on manage my booking, checks passengers in on a flight whose check-in is open,
 * keeps or changes their seats, and gets IATA boarding passes (BCBP, PDF417) to download and by
 * e-mail. The gate scans them on the passenger list (`passengerCalls.scan`).
 */

/** The look-up of every check-in call: the booking's record locator and a last name in it. */
export const CheckInLookupBody = z.object({
  /** As typed: the server normalizes it ("ab3 k7q" → "AB3K7Q"). */
  recordLocator: z.string().max(20),
  /** The booker's or any passenger's last name; case and accents do not matter. */
  lastName: z.string().max(100),
  /** Language of airport names in the answer, of the boarding passes and their e-mail. */
  locale: LocaleSchema.optional(),
});
export type CheckInLookupBody = z.input<typeof CheckInLookupBody>;

const Airport = z.object({ code: z.string(), name: z.string(), timezone: z.string() });

/** A flight of the booking whose check-in is open now. */
export const CheckInFlightSchema = z.object({
  id: z.number().int(),
  /** "FB123": the carrier's code and number, as printed. */
  number: z.string(),
  airlineName: z.string(),
  origin: Airport,
  destination: Airport,
  /** Scheduled departure (ISO instant); the page shows it in the origin's time zone. */
  departure: z.string(),
  /** When check-in closes (ISO instant): 60 minutes before departure. */
  closesAt: z.string(),
  /** The seat map for this booking's passengers: their own seats `own`, free seats `free`, prices in CHF. */
  seatMap: z.array(PassengerSeatSectionSchema),
});
export type CheckInFlight = z.infer<typeof CheckInFlightSchema>;

/** A passenger's state on one open flight. */
export const CheckInTicketSchema = z.object({
  flightId: z.number().int(),
  checkedIn: z.boolean(),
  /** "12A", or null: an infant (on an adult's lap) or a passenger without a seat yet. */
  seat: z.string().nullable(),
  /** The check-in sequence number on this flight, once checked in. */
  sequenceNumber: z.number().int().nullable(),
  /** What the passenger paid for their seat (CHF): a seat costing more cannot be chosen here. */
  paidSeatPrice: z.number(),
});

export const CheckInPassengerSchema = z.object({
  id: z.number().int(),
  /** "Anna Müller" as booked. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ageType: AgeTypeSchema,
  /** An infant travels on this adult's pass and lap (the adult passenger's id). */
  infantOf: z.number().int().nullable(),
  /** On the first open flight (`flights[0]`): checked in, and the seat. */
  checkedIn: z.boolean(),
  seat: z.string().nullable(),
  /** Per open flight. */
  tickets: z.array(CheckInTicketSchema),
});
export type CheckInPassenger = z.infer<typeof CheckInPassengerSchema>;

export const FoundCheckInSchema = z.object({
  reservationId: z.number().int(),
  recordLocator: z.string(),
  /** The booking's flights open for check-in now, in the order they are flown (at least one). */
  flights: z.array(CheckInFlightSchema).min(1),
  passengers: z.array(CheckInPassengerSchema),
});
export type FoundCheckIn = z.infer<typeof FoundCheckInSchema>;

/**
 * Checks passengers in on one flight. `seats` moves some of them to other free seats of their
 * tariff group (none costing more than they paid for their seat); the others keep theirs. Checking a
 * checked-in passenger in again changes nothing and answers the same pass. An infant is checked in
 * with their adult and needs no id here.
 */
export const CheckInBody = CheckInLookupBody.extend({
  flightId: IdSchema,
  passengerIds: z.array(IdSchema).min(1).max(MAX_PASSENGERS),
  seats: z
    .array(z.object({ passengerId: IdSchema, seatLabel: SeatLabelSchema }))
    .max(MAX_PASSENGERS)
    .optional(),
});
export type CheckInBody = z.input<typeof CheckInBody>;

/** One passenger's boarding pass on one flight. */
export const BoardingPassSchema = z.object({
  passengerId: z.number().int(),
  flightId: z.number().int(),
  /** "12A"; "INF" for an infant on a lap; null for a passenger without a seat. */
  seat: z.string().nullable(),
  sequenceNumber: z.number().int(),
  /** The barcode's text: IATA BCBP (Resolution 792), format M, one leg, 60 characters. */
  bcbp: z.string(),
});
export type BoardingPass = z.infer<typeof BoardingPassSchema>;

export const CheckInResultSchema = z.object({ boardingPasses: z.array(BoardingPassSchema) });
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

/** The boarding passes of checked-in passengers of one flight as one PDF, a page each. */
export const BoardingPassPdfBody = CheckInLookupBody.extend({
  flightId: IdSchema,
  /** Only these passengers; absent: every checked-in passenger of the booking on the flight. */
  passengerIds: z.array(IdSchema).min(1).max(MAX_PASSENGERS).optional(),
});

export const checkInCalls = {
  find: defineCall({
    method: 'POST',
    path: 'public/check-in/find',
    summary:
      'The passengers and flights of a paid booking open for check-in, by record locator and last name',
    auth: 'public',
    body: CheckInLookupBody,
    response: FoundCheckInSchema,
    readOnly: true,
  }),
  checkIn: defineCall({
    method: 'POST',
    path: 'public/check-in',
    summary:
      'Check passengers in on a flight, with the seats they keep or choose; answers their boarding passes',
    auth: 'public',
    body: CheckInBody,
    response: CheckInResultSchema,
  }),
  boardingPassPdf: defineCall({
    method: 'POST',
    path: 'public/check-in/boarding-pass',
    summary: 'BoardingPass.pdf: the boarding passes of checked-in passengers, with their PDF417 barcodes',
    auth: 'public',
    body: BoardingPassPdfBody,
    response: 'file',
    fileName: 'BoardingPass.pdf',
    readOnly: true,
  }),
};
