import { officeToday, shiftDay } from '@flybook/domain/office-day';
import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import { useEffect, useState } from 'react';
import { fill, type Plural } from '../lib/message.ts';

interface OverviewFlight {
  id: number;
  number: string;
  departure: string;
  origin: string;
  destination: string;
  timezone: string;
}

/** More than this many flights collapse behind a "show all" button (spec 03 §2 Home page). */
export const COLLAPSED_COUNT = 5;

export interface FlightOverviewTexts {
  title: string;
  /** "Show all 6 flights". */
  showAll: Plural;
  showLess: string;
  empty: string;
  error: string;
}

/** The next flights with seats, read with plain fetch to keep the home page light (see public-lookups.ts). */
async function loadUpcoming(from: string, to: string): Promise<OverviewFlight[]> {
  const query = new URLSearchParams({ departureFrom: from, departureTo: to, pageSize: '100' });
  const response = await fetch(`/api/v1/public/flight/list?${query}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  const items = (body as { items?: unknown })?.items;
  if (!Array.isArray(items)) throw new Error('unexpected answer');
  return items.flatMap((item) => {
    const flight = item as {
      id?: unknown;
      number?: unknown;
      departure?: unknown;
      origin?: { code?: unknown; timezone?: unknown };
      destination?: { code?: unknown };
    };
    return typeof flight.id === 'number' &&
      typeof flight.number === 'string' &&
      typeof flight.departure === 'string' &&
      typeof flight.origin?.code === 'string' &&
      typeof flight.origin.timezone === 'string' &&
      typeof flight.destination?.code === 'string'
      ? [
          {
            id: flight.id,
            number: flight.number,
            departure: flight.departure,
            origin: flight.origin.code,
            destination: flight.destination.code,
            timezone: flight.origin.timezone,
          },
        ]
      : [];
  });
}

/**
 * The flight overview on the home page: the coming week's flights with seats; more than five collapse
 * behind a button that shows them all (and folds them again).
 */
export default function FlightOverview({ locale, texts }: { locale: Locale; texts: FlightOverviewTexts }) {
  const [flights, setFlights] = useState<OverviewFlight[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const today = officeToday();
    loadUpcoming(today, shiftDay(today, 6))
      .then(setFlights)
      .catch(() => setFailed(true));
  }, []);

  const shown = flights && !expanded ? flights.slice(0, COLLAPSED_COUNT) : (flights ?? []);

  return (
    <section className="section flight-overview" aria-labelledby="overview-title">
      <h2 id="overview-title">{texts.title}</h2>
      {failed && <p role="alert">{texts.error}</p>}
      {flights && flights.length === 0 && <p className="board-empty">{texts.empty}</p>}
      {shown.length > 0 && (
        <ul id="overview-list" className="overview-list">
          {shown.map((flight) => (
            <li key={flight.id}>
              <time dateTime={flight.departure}>
                {/* The airport's local time, a departure board's way: "Fri 4 Dec, 06:30". */}
                {formatDateTime(flight.departure, locale, {
                  weekday: 'short',
                  year: false,
                  timeZone: flight.timezone,
                })}
              </time>
              <span className="overview-route">
                {flight.origin} → {flight.destination}
              </span>
              <span className="overview-number">{flight.number}</span>
            </li>
          ))}
        </ul>
      )}
      {flights && flights.length > COLLAPSED_COUNT && (
        <button
          type="button"
          className="button button-light-outline"
          aria-expanded={expanded}
          aria-controls="overview-list"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? texts.showLess : fill(texts.showAll, { count: flights.length })}
        </button>
      )}
    </section>
  );
}
