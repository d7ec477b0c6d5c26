import { weekdayOfDay } from './office-day.ts';

// One Intl calendar per airport zone, made once: every e-mail and document of a booking reads its
// flights' local times, and a TZDate with date-fns' format cost several times as much per call.
const airportCalendars = new Map<string, Intl.DateTimeFormat>();

export interface AirportLocalTime {
  readonly date: string;
  readonly time: string;
  readonly weekday: number;
}

/**
 * The answers of recent instants per zone: a timetable has few departures and a booking, its
 * e-mail and its documents ask for the same ones again and again. Emptied when full.
 */
const recentAnswers = new Map<string, Map<number, AirportLocalTime>>();
const RECENT_PER_ZONE = 4096;

/** The wall-clock date (yyyy-MM-dd), time (HH:mm) and ISO weekday of an instant at an airport. */
export function airportLocalTime(instant: string | Date, timezone: string): AirportLocalTime {
  const at = new Date(instant);
  const ms = at.getTime();
  let recent = recentAnswers.get(timezone);
  const known = recent?.get(ms);
  if (known) return known;
  const answer = Object.freeze(localTimeOf(at, timezone));
  if (!recent) {
    recent = new Map();
    recentAnswers.set(timezone, recent);
  } else if (recent.size >= RECENT_PER_ZONE) recent.clear();
  // An invalid instant is not kept: formatToParts has thrown for it above.
  recent.set(ms, answer);
  return answer;
}

function localTimeOf(at: Date, timezone: string) {
  let calendar = airportCalendars.get(timezone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    airportCalendars.set(timezone, calendar);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of calendar.formatToParts(at)) parts[part.type] = part.value;
  const date = `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOfDay(date) };
}
