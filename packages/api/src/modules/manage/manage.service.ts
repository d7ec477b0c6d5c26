import {
  invoicePdfVerdict,
  normalizeRecordLocator,
  outstandingOf,
  payVerdict,
  type Rappen,
  samePersonName,
  ticketPdfVerdict,
  toChf,
} from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { FoundBooking, ManagedBooking } from '@flybook/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reservationPassengers, reservations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { issueAccessKey, reservationIdOfAccessKey } from '../../platform/access-keys.ts';
import { hitRateLimit } from '../../platform/rate-limiter.ts';
import { documentReservationOf } from '../reservations/reservation-documents.service.ts';
import { findReservation } from '../reservations/reservations.service.ts';

/** Look-ups per client IP when the configuration names no limit: 10 per 15 minutes. */
export const MANAGE_FIND_DEFAULT_LIMIT = { max: 10, windowSeconds: 900 };

/**
 * Never a stored locator (it has a 1, outside the alphabet): a malformed one is looked up as this,
 * so it costs the same query as a well-formed one that matches nothing.
 */
const NO_LOCATOR = '000001';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The answer to every look-up that finds nothing, whichever part did not match. */
const noBooking = () =>
  new ApiError('ERROR_NOT_FOUND', 404, { message: 'No booking matches this reference and name' });

/**
 * Manage my booking (docs/booking-manage.md): a booking found by its record locator and a last
 * name, or opened by an access key; what the page shows and may do.
 */
export function createManageService(db: Db, limit = MANAGE_FIND_DEFAULT_LIMIT) {
  /**
   * The one query of every look-up: the booking of a locator with the booker's and all passengers'
   * last names, or nothing. Malformed, unknown and wrong-name look-ups all run it and then compare
   * in memory, so the answer takes the same time whichever part was wrong.
   */
  async function candidate(locator: string) {
    const [row] = await db
      .select({
        id: reservations.id,
        bookerLastName: sql<string>`${reservations.billing}->>'lastName'`,
        passengerLastNames: sql<
          string[]
        >`coalesce(json_agg(${reservationPassengers.lastName}) filter (where ${reservationPassengers.id} is not null), '[]'::json)`,
      })
      .from(reservations)
      .leftJoin(reservationPassengers, eq(reservationPassengers.reservationId, reservations.id))
      .where(eq(reservations.recordLocator, locator))
      .groupBy(reservations.id);
    return row;
  }

  /** The booking as the page shows it, names in `locale` (the booking's language when absent). */
  async function view(id: number, locale: Locale | undefined): Promise<ManagedBooking> {
    const record = await findReservation(db, id);
    if (!record) throw noBooking();
    const { reservation, invoice } = record;
    const hidePrices = reservation.priceNeedsToBeHidden;
    const document = await documentReservationOf(db, record, locale ?? reservation.language, hidePrices);
    const agreed = invoice.isSpecificPrice;
    const showParts = !hidePrices && !agreed;
    const chf = (value: Rappen) => toChf(value);
    const tickets = document.passengers.flatMap((passenger) => passenger.flights);
    const options = document.passengers.flatMap((passenger) => passenger.options);
    const open = outstandingOf(invoice);
    // An access key carries no roles: documents once paid, a card payment of what is open.
    const keyHolder = { roles: [] };

    return {
      id: reservation.id,
      recordLocator: reservation.recordLocator,
      status: reservation.status,
      language: reservation.language,
      booker: { firstName: reservation.billing.firstName, lastName: reservation.billing.lastName },
      flights: document.flights.map((flight) => ({
        id: flight.id,
        number: flight.number,
        direction: flight.direction,
        airlineName: flight.airlineName,
        origin: flight.origin,
        destination: flight.destination,
        departure: flight.departure,
        arrival: flight.arrival,
        tariffName: flight.tariffName,
      })),
      passengers: document.passengers.map((passenger) => ({
        salutation: passenger.salutation,
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        ageType: passenger.ageType,
        tickets: passenger.flights.map((ticket) => ({
          flightId: ticket.flightId,
          seatLabel: ticket.seatLabel,
          ...(showParts
            ? {
                fare: chf(ticket.basePrice),
                fees: chf(ticket.airportFee + ticket.fuelFee),
                seatPrice: chf(ticket.seatPrice),
              }
            : {}),
          extras: passenger.options
            .filter((option) => option.flightId === ticket.flightId)
            .map((option) => ({ title: option.title, ...(showParts ? { price: chf(option.price) } : {}) })),
        })),
      })),
      // The same parts as the invoice prints (reservation-documents.service.ts → invoice-pdf.ts).
      price: hidePrices
        ? null
        : {
            fares: agreed ? 0 : chf(sum(tickets.map((ticket) => ticket.basePrice))),
            fees: agreed ? 0 : chf(sum(tickets.map((ticket) => ticket.airportFee + ticket.fuelFee))),
            seats: agreed ? 0 : chf(sum(tickets.map((ticket) => ticket.seatPrice))),
            extras: agreed ? 0 : chf(sum(options.map((option) => option.price))),
            changeFee: chf(invoice.updateFee),
            total: chf(invoice.total),
            isAgreedTotal: agreed,
          },
      payment: {
        terms: invoice.paymentTerms,
        invoiceStatus: invoice.status,
        deadline: document.invoice.paymentDeadline,
        expiresAt: reservation.expiresAt?.toISOString() ?? null,
        ...(hidePrices ? {} : { paid: chf(invoice.totalPaid), open: chf(open) }),
      },
      can: {
        ticket: ticketPdfVerdict({ status: reservation.status, invoice }, keyHolder).allowed,
        invoice: invoicePdfVerdict({ invoice, pricesHidden: hidePrices }, keyHolder).allowed,
        payByCard: payVerdict({ ...reservation, invoice, pricesHidden: hidePrices }, new Date()).allowed,
      },
    };
  }

  return {
    /**
     * A booking by record locator and the booker's or a passenger's last name (case and accents
     * ignored), with a key to it for a day. Every look-up counts against the caller's address.
     */
    async find(
      ip: string,
      body: { recordLocator: string; lastName: string; locale?: Locale | undefined },
    ): Promise<FoundBooking> {
      await hitRateLimit(db, `manage:find:ip:${ip}`, limit);
      const found = await candidate(normalizeRecordLocator(body.recordLocator) ?? NO_LOCATOR);
      const names = found ? [found.bookerLastName, ...found.passengerLastNames] : [];
      const matches = names.map((name) => samePersonName(body.lastName, name ?? ''));
      if (!found || !matches.includes(true)) throw noBooking();
      const accessKey = await issueAccessKey(db, found.id, 'find');
      return { reservation: await view(found.id, body.locale), accessKey };
    },

    /** A booking by its locator and a key to it (a find's or an e-mail link's); 404 when they differ. */
    async read(query: { recordLocator: string; accessKey: string; locale?: Locale | undefined }) {
      const id = await reservationIdOfAccessKey(db, query.accessKey);
      const locator = normalizeRecordLocator(query.recordLocator);
      if (id === null || locator === null) throw noBooking();
      const [row] = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.id, id), eq(reservations.recordLocator, locator)));
      if (!row) throw noBooking();
      return view(row.id, query.locale);
    },
  };
}
