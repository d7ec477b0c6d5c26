import { TZDate } from '@date-fns/tz';
// One module per function: date-fns' index loads all 300 of them, a tenth of a server's start.
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { getISODay } from 'date-fns/getISODay';
import { parseISO } from 'date-fns/parseISO';
import { startOfISOWeek } from 'date-fns/startOfISOWeek';
import { airportLocalTime } from './airport-time.ts';

/** The life of a flight (spec 03 §4): created → closed → departed, or created → cancelled. */
export type FlightStatus = 'created' | 'closed' | 'cancelled' | 'departed';

/** What the state rules of a flight look at. */
export interface FlightState {
  status: FlightStatus;
  isDelayed: boolean;
  /** The scheduled departure instant. */
  departure: string | Date;
}

/**
 * How long before its scheduled departure a flight that is not delayed may be marked departed:
 * boarding has begun, so "departed" is the normal next step.
 */
export const DEPARTURE_WINDOW_MINUTES = 60;

/** Sales close this long before departure: a job moves created flights to closed. */
export const CLOSE_BEFORE_DEPARTURE_MINUTES = 60;

const isOpen = (flight: FlightState) => flight.status === 'created' || flight.status === 'closed';

/** Cancel only a flight that is still created (spec 03 §4). */
export const canCancelFlight = (flight: FlightState): boolean => flight.status === 'created';

/**
 * Departed: after a delay, or as the normal departure once the departure window has begun.
 * Nothing follows departed or cancelled.
 */
export function canMarkFlightDeparted(flight: FlightState, now: Date = new Date()): boolean {
  if (!isOpen(flight)) return false;
  if (flight.isDelayed) return true;
  const departure = new Date(flight.departure).getTime();
  return departure - now.getTime() <= DEPARTURE_WINDOW_MINUTES * 60_000;
}

/** A flight can be delayed (or its delay changed) until it has departed or been cancelled. */
export const canDelayFlight = (flight: FlightState): boolean => isOpen(flight);

/** A delay can be taken back while the flight has not left. */
export const canUndelayFlight = (flight: FlightState): boolean => isOpen(flight) && flight.isDelayed;

/** Sales can be stopped or reopened while the flight is still to come. */
export const canChangeBookedOut = (flight: FlightState): boolean => isOpen(flight);

/** Seat map, times, airports and inventory stay as they were once a flight has departed or is cancelled. */
export const isFlightFrozen = (flight: Pick<FlightState, 'status'>): boolean =>
  flight.status === 'departed' || flight.status === 'cancelled';

// ---------- airport-local time ----------

// In a module of its own (Intl only): the site's booking island needs a flight's local day too.
export { airportLocalTime } from './airport-time.ts';

/**
 * The instant of a wall-clock date and time at an airport. A time that does not exist (the hour
 * skipped when clocks go forward) moves forward with the clock, as the airport's timetable does.
 */
export function airportInstant(date: string, time: string, timezone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year!, month! - 1, day!, hours!, minutes!, timezone).getTime());
}

// ---------- repeating flights ----------

/** A repeating flight: every `period` weeks on `weekdays` (ISO, 1 = Monday), both dates included. */
export interface Repetition {
  firstDate: string;
  lastDate: string;
  period: number;
  weekdays: readonly number[];
}

/**
 * The local departure dates of a sequence, in order. Weeks are counted from the ISO week of the
 * first date, so period 2 means the first date's week, then every other week after it.
 */
export function sequenceDates(repetition: Repetition): string[] {
  const first = parseISO(repetition.firstDate);
  const last = parseISO(repetition.lastDate);
  const firstWeek = startOfISOWeek(first);
  const weekdays = new Set(repetition.weekdays);
  const dates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const week = Math.floor(differenceInCalendarDays(startOfISOWeek(day), firstWeek) / 7);
    if (week % repetition.period === 0 && weekdays.has(getISODay(day))) dates.push(format(day, 'yyyy-MM-dd'));
  }
  return dates;
}

/**
 * The departure and arrival of each flight of a sequence: the template flight's local departure
 * time at the origin on every date, and the same block time to the arrival.
 */
export function sequenceSchedule(
  repetition: Repetition,
  template: { departure: string | Date; arrival: string | Date; originTimezone: string },
): { departure: Date; arrival: Date }[] {
  const { time } = airportLocalTime(template.departure, template.originTimezone);
  const blockTime = new Date(template.arrival).getTime() - new Date(template.departure).getTime();
  return sequenceDates(repetition).map((date) => {
    const departure = airportInstant(date, time, template.originTimezone);
    return { departure, arrival: new Date(departure.getTime() + blockTime) };
  });
}
