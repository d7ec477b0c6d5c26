import { weekdayOfDay } from './office-day.ts';

// One Intl calendar per airport zone, made once: every e-mail and document of a booking reads its
// flights' local times, and a TZDate with date-fns' format cost several times as much per call.
const airportCalendars = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date (yyyy-MM-dd), time (HH:mm) and ISO weekday of an instant at an airport. */
export function airportLocalTime(instant: string | Date, timezone: string) {
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
  for (const part of calendar.formatToParts(new Date(instant))) parts[part.type] = part.value;
  const date = `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOfDay(date) };
}
