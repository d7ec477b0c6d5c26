/**
 * The office's days (docs/booking.md, "Where today lives"): the airline keeps its books in
 * Switzerland, so "today", payment deadlines, invoice dates, reminders and the day filters of the
 * logs are calendar days in Zurich, whatever the zone of the server or the browser. Times at an
 * airport are not office days: they use the airport's own zone (`airportLocalTime`).
 */
export const OFFICE_TIME_ZONE = 'Europe/Zurich';

// Intl only, no date library: the site's islands and the back office import this too.
let officeCalendar: Intl.DateTimeFormat | undefined;

/**
 * The days of recent hours. Zurich is a whole number of hours from UTC and changes its clocks on
 * the hour, so every instant of one UTC hour is on the same office day: each booking asks for now
 * and its departure, and both were asked for before. Emptied when full.
 */
const daysOfHours = new Map<number, string>();
const KEPT_HOURS = 4096;
const HOUR_MS = 3_600_000;
/** Before 1894 Zurich kept Bern's mean time (UTC+0:29:46): an hour could hold two days there. */
const FIRST_WHOLE_HOUR = Date.UTC(1895, 0, 1) / HOUR_MS;

/** The office's calendar day (yyyy-MM-dd) of an instant. */
export function officeDayOf(instant: Date | string): string {
  const at = new Date(instant);
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const known = daysOfHours.get(hour);
  if (known !== undefined) return known;
  officeCalendar ??= new Intl.DateTimeFormat('en-US', {
    timeZone: OFFICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = officeCalendar.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  const day = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  if (hour < FIRST_WHOLE_HOUR) return day;
  if (daysOfHours.size >= KEPT_HOURS) daysOfHours.clear();
  daysOfHours.set(hour, day);
  return day;
}

/** Today at the office (yyyy-MM-dd): after 22:00 or 23:00 UTC it is already tomorrow there. */
export const officeToday = (now: Date = new Date()): string => officeDayOf(now);

/** The calendar day (yyyy-MM-dd) `days` after `day` (before it when negative); no time zone involved. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day (yyyy-MM-dd). */
export function weekdayOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(year!, month! - 1, date!)).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}
