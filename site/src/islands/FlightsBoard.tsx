import type { Locale } from '@flybook/locales';
import { type BookableFlight, bookingCalls } from '@flybook/schemas/booking';
import { useEffect, useState } from 'react';
import { client } from '../lib/session.ts';

export interface FlightsBoardTexts {
  loading: string;
  error: string;
  noFlights: string;
  /** "{{count}} seat left", "{{count}} seats left", and above SEATS_SHOWN_EXACTLY "9+ seats left". */
  seatLeft: string;
  seatsLeft: string;
  manySeatsLeft: string;
  from: string;
}

/** The public flights page shows today and the next six days (spec 03 §2). */
const DAYS = 7;
/** The office's days: "today" is today in Zurich. */
const OFFICE_TIME_ZONE = 'Europe/Zurich';
/** Fares are shown for the default tariff group, economy (seeded id 1). */
const ECONOMY_GROUP_ID = 1;

/**
 * One formatter per kind, locale and time zone: making an Intl.DateTimeFormat costs far more than
 * using one, and the board formats every flight's day and time (a week holds some hundred flights).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** YYYY-MM-DD of an instant in a time zone. */
const dayIn = (instant: Date, timeZone: string) =>
  formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The next days from today in Zurich, as YYYY-MM-DD. */
function nextDays(now: Date): string[] {
  const [year, month, day] = dayIn(now, OFFICE_TIME_ZONE).split('-').map(Number) as [number, number, number];
  return Array.from({ length: DAYS }, (_, offset) =>
    new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10),
  );
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
const SEATS_SHOWN_EXACTLY = 9;

/** The seats left in economy in words: the real free seats, not the per-booking online limit. */
export function seatsLeftText(
  left: number,
  texts: Pick<FlightsBoardTexts, 'seatLeft' | 'seatsLeft' | 'manySeatsLeft'>,
) {
  if (left > SEATS_SHOWN_EXACTLY)
    return texts.manySeatsLeft.replace('{{count}}', String(SEATS_SHOWN_EXACTLY));
  return (left === 1 ? texts.seatLeft : texts.seatsLeft).replace('{{count}}', String(left));
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; flights: BookableFlight[] };

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

  useEffect(() => {
    const controller = new AbortController();
    client
      .call(
        bookingCalls.publicFlightList,
        { query: { departureFrom: days[0], departureTo: days[DAYS - 1], pageSize: 100 } },
        { signal: controller.signal },
      )
      .then((page) =>
        setLoad({ state: 'ready', flights: page.items.filter((flight) => economySeats(flight) > 0) }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [days]);

  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CHF',
    maximumFractionDigits: 0,
  });
  const dayName = formatter(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const time = (flight: BookableFlight, instant: string) =>
    formatter(locale, { hour: '2-digit', minute: '2-digit', timeZone: flight.origin.timezone }).format(
      new Date(instant),
    );

  if (load.state === 'loading')
    return (
      <p role="status" className="board-status">
        {texts.loading}
      </p>
    );
  if (load.state === 'failed')
    return (
      <p role="alert" className="board-status">
        {texts.error}
      </p>
    );

  // Each flight's local day once, not once per column.
  const byDay = new Map<string, BookableFlight[]>();
  for (const flight of load.flights) {
    const day = dayIn(new Date(flight.departure), flight.origin.timezone);
    byDay.set(day, [...(byDay.get(day) ?? []), flight]);
  }
  return (
    <div className="flights-board">
      {days.map((day) => {
        const flights = byDay.get(day) ?? [];
        return (
          <section key={day} className="board-day" aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>{dayName.format(new Date(`${day}T00:00:00Z`))}</h2>
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
                        <span className="board-time">{time(flight, flight.departure)}</span>
                        <span className="board-route">
                          {flight.origin.city[locale] || flight.origin.code} →{' '}
                          {flight.destination.city[locale] || flight.destination.code}
                        </span>
                        <span className="board-number">{flight.number}</span>
                        {fare !== null && (
                          <span className="board-fare">
                            {texts.from} {money.format(fare)}
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
