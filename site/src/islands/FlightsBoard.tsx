import { officeToday, shiftDay } from '@flybook/domain/office-day';
import type { Locale } from '@flybook/locales';
import { calendarDate, formatChf, formatDate, formatTime } from '@flybook/locales/format';
import { type BookableFlight, bookingCalls } from '@flybook/schemas/booking';
import { useEffect, useState } from 'react';
import { callFailureOf, failureText } from '../lib/failures.ts';
import { fill, type Message, type Plural } from '../lib/message.ts';
import { client } from '../lib/session.ts';

export interface FlightsBoardTexts {
  loading: string;
  error: string;
  retry: string;
  networkError: string;
  unknownError: Message<'details'>;
  noFlights: string;
  /** "1 seat left", "2 seats left": the language's plural forms. */
  seatsLeft: Plural;
  /** Above SEATS_SHOWN_EXACTLY: "9+ seats left". */
  manySeatsLeft: string;
  from: string;
}

/** The public flights page shows today and the next six days (spec 03 §2). */
const DAYS = 7;
/** Fares are shown for the default tariff group, economy (seeded id 1). */
const ECONOMY_GROUP_ID = 1;

/** The next days from today in Zurich (the office's days), as YYYY-MM-DD. */
function nextDays(now: Date): string[] {
  const today = officeToday(now);
  return Array.from({ length: DAYS }, (_, offset) => shiftDay(today, offset));
}

/** The lowest economy fare with fees of a flight (CHF), or null when economy is not on sale. */
function economyFrom(flight: BookableFlight): number | null {
  const fares = flight.rate.priceList
    .filter(
      (entry) =>
        entry.tariff.group.id === ECONOMY_GROUP_ID && entry.tariff.isActive && entry.hasAvailableSeats,
    )
    .map((entry) => entry.priceStandard + entry.airportFee + entry.fuelFee);
  return fares.length > 0 ? Math.min(...fares) : null;
}

const economy = (flight: BookableFlight) =>
  flight.seatsByTariff.find((seats) => seats.tariffGroup.id === ECONOMY_GROUP_ID);
/** Seats one online booking may still take in economy: a flight without any is not shown. */
const economySeats = (flight: BookableFlight) => economy(flight)?.free ?? 0;

/** The board names free seats up to nine; above, "9+": enough for any online booking. */
export const SEATS_SHOWN_EXACTLY = 9;

/** The seats left in economy in words: the real free seats, not the per-booking online limit. */
export function seatsLeftText(left: number, texts: Pick<FlightsBoardTexts, 'seatsLeft' | 'manySeatsLeft'>) {
  return left > SEATS_SHOWN_EXACTLY ? texts.manySeatsLeft : fill(texts.seatsLeft, { count: left });
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; flights: BookableFlight[] };

/**
 * Flights of today, tomorrow and the next five days in columns, only those with seats left, each
 * with the economy fare and a link into booking.
 */
export default function FlightsBoard({
  texts,
  locale,
  bookingPath,
}: {
  texts: FlightsBoardTexts;
  locale: Locale;
  bookingPath: string;
}) {
  const [days] = useState(() => nextDays(new Date()));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt (Retry) asks again
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    client
      .call(
        bookingCalls.publicFlightList,
        { query: { departureFrom: days[0], departureTo: days[DAYS - 1], pageSize: 100 } },
        { signal: controller.signal },
      )
      .then((page) =>
        setLoad({ state: 'ready', flights: page.items.filter((flight) => economySeats(flight) > 0) }),
      )
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const reason = failureText(callFailureOf(failure).error, {
          errors: {},
          unknown: texts.unknownError,
          network: texts.networkError,
        });
        setLoad({ state: 'failed', reason });
      });
    return () => controller.abort();
  }, [days, attempt]);

  if (load.state === 'loading')
    return (
      <p role="status" className="board-status">
        {texts.loading}
      </p>
    );
  if (load.state === 'failed')
    return (
      <div className="board-status">
        <div role="alert">
          <p>{texts.error}</p>
          <p className="field-hint">{load.reason}</p>
        </div>
        <button
          className="button button-light-outline"
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {texts.retry}
        </button>
      </div>
    );

  // Each flight's local day once, not once per column.
  const byDay = new Map<string, BookableFlight[]>();
  for (const flight of load.flights) {
    const day = calendarDate(flight.departure, flight.origin.timezone);
    byDay.set(day, [...(byDay.get(day) ?? []), flight]);
  }
  return (
    <div className="flights-board">
      {days.map((day) => {
        const flights = byDay.get(day) ?? [];
        return (
          <section key={day} className="board-day" aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>
              {formatDate(day, locale, { weekday: 'long', style: 'long', year: false })}
            </h2>
            {flights.length === 0 ? (
              <p className="board-empty">{texts.noFlights}</p>
            ) : (
              <ul>
                {flights.map((flight) => {
                  const fare = economyFrom(flight);
                  // The wizard's search parameters (spec 02 §2): this flight, one way, one adult.
                  const search = new URLSearchParams({
                    travelType: 'one-way',
                    departureDate: day,
                    airportFrom: flight.origin.code,
                    airportTo: flight.destination.code,
                    departureFlightId: String(flight.id),
                  });
                  return (
                    <li key={flight.id} className="board-flight">
                      <a href={`${bookingPath}?${search}`}>
                        <span className="board-time">
                          {formatTime(flight.departure, flight.origin.timezone)}
                        </span>
                        <span className="board-route">
                          {flight.origin.city[locale] || flight.origin.code} →{' '}
                          {flight.destination.city[locale] || flight.destination.code}
                        </span>
                        <span className="board-number">{flight.number}</span>
                        {fare !== null && (
                          <span className="board-fare">
                            {texts.from} {formatChf(fare, locale)}
                          </span>
                        )}
                        <span className="board-seats">
                          {seatsLeftText(economy(flight)?.left ?? 0, texts)}
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
