import { airportInstant, officeDayOf, sequenceSchedule } from '@flybook/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { aircraftTemplates, airports, flightCompanies, rates, users } from '../db/schema/index.ts';
import { seatsByTariffGroup } from '../modules/flights/aircraft-templates.service.ts';
import * as repo from '../modules/flights/flights.repository.ts';

/** One weekly route of the demo timetable: out in the morning, back after a turnaround. */
interface DemoRoute {
  number: number;
  company: 'FB' | 'AQ';
  from: string;
  to: string;
  weekdays: number[];
  /** Local departure at the origin and block time. */
  departs: string;
  minutes: number;
  template: 'Airbus A320' | 'Boeing 737' | 'ATR 72';
  rate: 'Balkan winter' | 'Balkan summer';
  /** Seats the demo agent holds on every outbound flight, and what each costs them (Rappen). */
  allotment?: { seats: number; costPerSeat: number };
}

// Twelve flights a week between Switzerland and Kosovo, North Macedonia and Albania.
const TIMETABLE: DemoRoute[] = [
  {
    number: 100,
    company: 'FB',
    from: 'ZRH',
    to: 'PRN',
    weekdays: [1, 5],
    departs: '06:30',
    minutes: 135,
    template: 'Airbus A320',
    rate: 'Balkan winter',
    allotment: { seats: 20, costPerSeat: 15_000 },
  },
  {
    number: 120,
    company: 'FB',
    from: 'BSL',
    to: 'PRN',
    weekdays: [3],
    departs: '07:15',
    minutes: 130,
    template: 'Airbus A320',
    rate: 'Balkan winter',
  },
  {
    number: 340,
    company: 'AQ',
    from: 'GVA',
    to: 'OHD',
    weekdays: [6],
    departs: '08:00',
    minutes: 120,
    template: 'Boeing 737',
    rate: 'Balkan summer',
  },
  {
    number: 200,
    company: 'FB',
    from: 'ZRH',
    to: 'SKP',
    weekdays: [4],
    departs: '09:10',
    minutes: 125,
    template: 'Boeing 737',
    rate: 'Balkan winter',
  },
  {
    number: 300,
    company: 'AQ',
    from: 'BSL',
    to: 'TIA',
    weekdays: [7],
    departs: '13:05',
    minutes: 130,
    template: 'ATR 72',
    rate: 'Balkan summer',
  },
];
const TURNAROUND_MINUTES = 75;

/**
 * The seats of a timetable flight from its aircraft's seat map: all for sale, a fifth for agents,
 * seven online, economy at CHF 95 a seat and the rest at CHF 240 (the demo's and the bench's).
 */
export const timetableSeats = (sections: Parameters<typeof seatsByTariffGroup>[0]) =>
  seatsByTariffGroup(sections).map(({ tariffGroup, seats: total }) => ({
    tariffGroupId: tariffGroup.id,
    totalSeats: total,
    seatsForSale: total,
    costPerSeat: tariffGroup.id === 1 ? 9_500 : 24_000,
    agentSeatsLimit: Math.ceil(total / 5),
    onlineSeatsLimit: 7,
    booked: 0,
    allotted: 0,
  }));

/**
 * The demo timetable as flight sequences from tomorrow for 60 days (or the `days` after `today`
 * given: the demo season's past weeks are days -28 to -1), each with its return sequence, seats
 * from the aircraft's seat map, and an allotment for the demo agent on the Zurich–Pristina flights.
 */
export async function seedDemoFlights(tx: Tx, today = new Date(), days = { first: 1, last: 60 }) {
  const firstDate = officeDayOf(new Date(today.getTime() + days.first * 86_400_000));
  const lastDate = officeDayOf(new Date(today.getTime() + days.last * 86_400_000));
  const companies = new Map((await tx.select().from(flightCompanies)).map((row) => [row.code, row.id]));
  const templates = await tx.select().from(aircraftTemplates);
  const rateIds = new Map((await tx.select().from(rates)).map((row) => [row.name, row.id]));
  const places = await tx
    .select()
    .from(airports)
    .where(inArray(airports.code, ['ZRH', 'BSL', 'GVA', 'PRN', 'SKP', 'OHD', 'TIA']));
  const place = (code: string) => places.find((row) => row.code === code)!;
  const [agent] = await tx.select().from(users).where(eq(users.email, 'agent@flybook.test'));

  for (const route of TIMETABLE) {
    const template = templates.find((row) => row.label.startsWith(route.template))!;
    const seats = timetableSeats(template.sections);
    // The return leg leaves the destination a turnaround after landing, the same day.
    const outbound = airportInstant(firstDate, route.departs, place(route.from).timezone);
    const legs = [
      { leg: 0, from: route.from, to: route.to, departs: outbound },
      {
        leg: 1,
        from: route.to,
        to: route.from,
        departs: new Date(outbound.getTime() + (route.minutes + TURNAROUND_MINUTES) * 60_000),
      },
    ];
    for (const { leg, from, to, departs } of legs) {
      const origin = place(from);
      const schedule = sequenceSchedule(
        { firstDate, lastDate, period: 1, weekdays: route.weekdays },
        {
          departure: departs,
          arrival: new Date(departs.getTime() + route.minutes * 60_000),
          originTimezone: origin.timezone,
        },
      );
      const sequence = await repo.insertSequence(tx, {
        firstDate,
        lastDate,
        period: 1,
        weekdays: route.weekdays,
      });
      const rows = await repo.insertFlights(
        tx,
        schedule.map(({ departure, arrival }) => ({
          number: `${route.company}${route.number + leg}`,
          flightCompanyId: companies.get(route.company)!,
          originAirportId: origin.id,
          destinationAirportId: place(to).id,
          departure,
          arrival,
          aircraftTemplateId: template.id,
          sections: template.sections,
          rateId: rateIds.get(route.rate)!,
          // The demo airline offers online check-in on its timetable (docs/check-in.md).
          isOnlineCheckInEnabled: true,
          sequenceId: sequence.id,
        })),
      );
      const withAllotment = route.allotment && leg === 0 ? route.allotment : null;
      await repo.insertFlightSeats(
        tx,
        rows.map((row) => row.id),
        seats.map((row) =>
          withAllotment && row.tariffGroupId === 1 ? { ...row, allotted: withAllotment.seats } : row,
        ),
      );
      if (withAllotment && agent) {
        await repo.insertAllotments(
          tx,
          rows.map((row) => ({
            flightId: row.id,
            agentId: agent.id,
            tariffGroupId: 1,
            seatsNumber: withAllotment.seats,
            costPerSeat: withAllotment.costPerSeat,
            comment: 'Demo block for Alpen Reisen',
          })),
        );
      }
    }
  }
}
