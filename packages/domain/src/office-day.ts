/**
 * The office's days (docs/booking.md, "Where today lives"): the airline keeps its books in
 * Switzerland, so "today", payment deadlines, invoice dates, reminders and the day filters of the
 * logs are calendar days in Zurich, whatever the zone of the server or the browser. Times at an
 * airport are not office days: they use the airport's own zone (`airportLocalTime`).
 */
export const OFFICE_TIME_ZONE = 'Europe/Zurich';

// Intl only, no date library: the site's islands and the back office import this too.
let officeCalendar: Intl.DateTimeFormat | undefined;

/** The office's calendar day (yyyy-MM-dd) of an instant. */
export function officeDayOf(instant: Date | string): string {
  officeCalendar ??= new Intl.DateTimeFormat('en-US', {
    timeZone: OFFICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = officeCalendar.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
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
