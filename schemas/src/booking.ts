import { z } from 'zod';
import { IdParams, IdSchema, IsoDateSchema, listResponse } from './common.ts';
import { AgeTypeSchema, MAX_PASSENGERS, PartyQuery, PriceListEntrySchema } from './fares.ts';
import { AirportCodeSchema, FlightStatusSchema, ROW_LABEL_PATTERN, SeatLabelSchema } from './flights.ts';
import { defineCall } from './http.ts';
import { AirportSchema } from './lookups.ts';

// ---------- flight search ----------

/** The flight search page size (spec 02 §9). */
export const FLIGHT_SEARCH_PAGE_SIZE = 100;

/**
 * A search for flights to book: one local departure date and the airport codes, or a date range
 * and origin/destination (the date tabs ask for the week around the chosen day).
 */
export const BookingSearchQuery = PartyQuery.extend({
  departureDate: IsoDateSchema.optional(),
  fromAirportCode: AirportCodeSchema.optional(),
  toAirportCode: AirportCodeSchema.optional(),
  origin: AirportCodeSchema.optional(),
  destination: AirportCodeSchema.optional(),
  departureFrom: IsoDateSchema.optional(),
  departureTo: IsoDateSchema.optional(),
  sortBy: z.enum(['departure']).default('departure'),
  sortOrder: z.enum(['ASC', 'DESC']).default('ASC'),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(FLIGHT_SEARCH_PAGE_SIZE).default(FLIGHT_SEARCH_PAGE_SIZE),
});
export type BookingSearchQuery = z.input<typeof BookingSearchQuery>;

/** Seats of one tariff group as the booking side sees them; `free` is what this caller may book. */
export const BookingSeatsSchema = z.object({
  tariffGroup: z.object({ id: z.number().int() }),
  seatsForSale: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
  /** Seats of the group still for sale to anyone (not the per-booking limit `free` may be): what the flights board shows. */
  left: z.number().int(),
});

const BookingAirportSchema = AirportSchema.pick({ code: true, name: true, city: true, timezone: true });

/** A flight offered for booking (spec 02 §3 Flight as seen in booking). */
export const BookableFlightSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  departure: z.string(),
  arrival: z.string(),
  origin: BookingAirportSchema,
  destination: BookingAirportSchema,
  flightCompany: z.object({ name: z.string(), code: z.string() }),
  status: FlightStatusSchema,
  isActive: z.boolean(),
  isBookedOut: z.boolean(),
  rate: z.object({ id: z.number().int(), priceList: z.array(PriceListEntrySchema) }),
  aircraftTemplate: z.object({ id: z.number().int() }),
  seatsByTariff: z.array(BookingSeatsSchema),
});
export type BookableFlight = z.infer<typeof BookableFlightSchema>;

// ---------- seat map for booking ----------

export const SEAT_STATES = ['free', 'taken', 'disabled', 'reserved', 'absent', 'own'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const PassengerSeatsQuery = z.object({
  /** Only the sections of this tariff's group are bookable; the others are shown as disabled. */
  tariffId: IdSchema.optional(),
  /**
   * Seats of this reservation show as own (editing a booking), when the caller may read it: a
   * session of its owner, reservator or staff, or its guest key. For anyone else they show as taken.
   */
  reservationId: IdSchema.optional(),
  /** With reservationId: only this passenger's seat shows as own. */
  reservationPassengerId: IdSchema.optional(),
  /** A guest booking's key (its booking answer's `guestKey`), for reservationId without a session. */
  guestKey: z.string().max(100).optional(),
});

export const PassengerSeatSectionSchema = z.object({
  tariffGroup: z.object({ id: z.number().int() }),
  rowLabels: z.array(z.string().regex(ROW_LABEL_PATTERN)),
  columnLabels: z.array(z.string()),
  seats: z.array(z.array(z.enum(SEAT_STATES))),
  /** CHF per seat. */
  prices: z.array(z.array(z.number())),
  rowsWithExitDoors: z.array(z.string()),
});
export const PassengerSeatsSchema = z.object({ sections: z.array(PassengerSeatSectionSchema) });
export type PassengerSeats = z.infer<typeof PassengerSeatsSchema>;

// ---------- pricing ----------

/** A flight booked in a tariff; the first is the outbound flight, the second the return. */
export const BookedFlightBody = z.object({
  flight: z.object({ id: IdSchema }),
  tariff: z.object({ id: IdSchema }),
});

/** An option for a passenger (by position in `passengers`) on one booked flight. */
export const PassengerOptionBody = z.object({
  passenger: z
    .number()
    .int()
    .min(0)
    .max(MAX_PASSENGERS - 1),
  flight: z.object({ id: IdSchema }),
  option: z.object({ id: IdSchema }),
});

/** A seat for a passenger (by position in `passengers`) on one booked flight. */
export const PassengerSeatBody = z.object({
  passenger: z
    .number()
    .int()
    .min(0)
    .max(MAX_PASSENGERS - 1),
  flight: z.object({ id: IdSchema }),
  seatLabel: SeatLabelSchema,
});

const bookedFlights = z.array(BookedFlightBody).min(1).max(2);

export const CalculateBody = z.object({
  bookedFlights,
  passengers: z
    .array(z.object({ ageType: AgeTypeSchema }))
    .min(1)
    .max(MAX_PASSENGERS),
  passengersOptions: z.array(PassengerOptionBody).max(200).default([]),
  passengersSeats: z
    .array(PassengerSeatBody)
    .max(2 * MAX_PASSENGERS)
    .default([]),
  /** When repricing a booking: its own seats count as free for it, for a session that may read it. */
  reservationId: IdSchema.optional(),
});
export type CalculateBody = z.input<typeof CalculateBody>;

export const FlightCostSchema = z.object({
  flightId: z.number().int(),
  base: z.number(),
  airportFee: z.number(),
  fuelFee: z.number(),
  seat: z.number(),
  optionsCosts: z.array(z.object({ option: z.object({ id: z.number().int() }), price: z.number() })),
  total: z.number(),
});
export const CostSchema = z.object({
  costForPassengers: z.array(
    z.object({ ageType: AgeTypeSchema, flightsCosts: z.array(FlightCostSchema), total: z.number() }),
  ),
  total: z.number(),
});
export type Cost = z.infer<typeof CostSchema>;

export const bookingCalls = {
  publicFlightList: defineCall({
    method: 'GET',
    path: 'public/flight/list',
    summary: 'Flights the public can book: active, open, not booked out, with seats for the party',
    auth: 'public',
    query: BookingSearchQuery,
    response: listResponse(BookableFlightSchema),
  }),
  passengerSeats: defineCall({
    method: 'GET',
    path: 'public/flight/{id}/aircraft-passengers-seats',
    summary: 'The seat map of a flight with each seat free, taken, disabled, reserved, absent or own',
    auth: 'public',
    keyed: true,
    params: IdParams,
    query: PassengerSeatsQuery,
    response: PassengerSeatsSchema,
  }),
  calculate: defineCall({
    method: 'POST',
    path: 'reservation/calculate',
    summary: 'What a reservation costs, per passenger and flight (CHF)',
    auth: 'public',
    body: CalculateBody,
    response: CostSchema,
    readOnly: true,
  }),
};
