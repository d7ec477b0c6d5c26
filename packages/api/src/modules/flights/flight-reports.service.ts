import { toChf } from '@flybook/domain';
import type { FlightTurnover, Locale } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser, FileAnswer } from '../../http/routes.ts';
import { pdfAnswer } from '../../platform/pdf.ts';
import { findUser } from '../users/users.service.ts';
import * as repo from './flights.repository.ts';
import { renderPassengerReport } from './passenger-report.ts';
import { renderTurnoverList, type TurnoverFlight } from './turnover-pdf.ts';

/**
 * A flight's turnover in Rappen (docs/flights.md): revenue is what tickets sold outside
 * allotments brought in plus what agents pay for their allotted seats; cost is what the seats we
 * hold cost us; infants take no seat and are not counted as seats sold.
 */
function turnoverOf(
  seats: readonly repo.FlightSeatsRow[],
  allotments: readonly repo.AllotmentRow[],
  sales: readonly { tariffGroupId: number; inAllotment: boolean; seatsSold: number; revenue: string }[],
) {
  const byTariffGroup = seats.map((row) => {
    const groupSales = sales.filter((sale) => sale.tariffGroupId === row.tariffGroupId);
    const groupAllotments = allotments.filter((allotment) => allotment.tariffGroupId === row.tariffGroupId);
    const ticketRevenue = groupSales
      .filter((sale) => !sale.inAllotment)
      .reduce((sum, sale) => sum + Number(sale.revenue), 0);
    const allotmentRevenue = groupAllotments.reduce(
      (sum, allotment) => sum + allotment.seatsNumber * allotment.costPerSeat,
      0,
    );
    return {
      tariffGroupId: row.tariffGroupId,
      seatsSold: groupSales.reduce((sum, sale) => sum + sale.seatsSold, 0),
      allottedSeats: row.allotted,
      revenue: ticketRevenue + allotmentRevenue,
      cost: row.totalSeats * row.costPerSeat,
    };
  });
  const revenue = byTariffGroup.reduce((sum, group) => sum + group.revenue, 0);
  const cost = byTariffGroup.reduce((sum, group) => sum + group.cost, 0);
  return {
    byTariffGroup,
    seatsSold: byTariffGroup.reduce((sum, group) => sum + group.seatsSold, 0),
    revenue,
    cost,
    margin: revenue - cost,
  };
}

export function createFlightReportsService(db: Db) {
  async function requireFlight(id: number) {
    const head = await repo.findFlightHead(db, id);
    if (!head) throw ApiError.notFound('flight', id);
    return head;
  }

  /** Turnover of several flights in departure order; unknown ids are a 404. */
  async function turnovers(ids: number[]) {
    const heads = await repo.findFlightHeads(db, ids);
    const missing = ids.find((id) => !heads.some((head) => head.flight.id === id));
    if (missing !== undefined) throw ApiError.notFound('flight', missing);
    const found = heads.map((head) => head.flight.id);
    const [seats, allotments, sales] = await Promise.all([
      repo.seatsOf(db, found),
      repo.allotmentsOf(db, found),
      repo.ticketSales(db, found),
    ]);
    return heads.map((head) => ({
      head,
      turnover: turnoverOf(
        seats.get(head.flight.id) ?? [],
        allotments.get(head.flight.id) ?? [],
        sales.filter((sale) => sale.flightId === head.flight.id),
      ),
    }));
  }

  const localeOf = async (user: AuthUser): Promise<Locale> => {
    const language = (await findUser(db, user.id))?.language;
    return language === 'de' || language === 'fr' || language === 'sq' ? language : 'en';
  };

  return {
    async bookingInfo(id: number) {
      await requireFlight(id);
      const counts = await repo.passengersByAgeType(db, id);
      return {
        adultPassengers: counts.get('adult') ?? 0,
        childPassengers: counts.get('child') ?? 0,
        babyPassengers: counts.get('infant') ?? 0,
      };
    },

    async turnoverInfo(id: number): Promise<FlightTurnover> {
      const [entry] = await turnovers([id]);
      const turnover = entry!.turnover;
      return {
        byTariffGroup: turnover.byTariffGroup.map((group) => ({
          tariffGroup: { id: group.tariffGroupId },
          seatsSold: group.seatsSold,
          allottedSeats: group.allottedSeats,
          revenue: toChf(group.revenue),
          cost: toChf(group.cost),
        })),
        seatsSold: turnover.seatsSold,
        revenue: toChf(turnover.revenue),
        cost: toChf(turnover.cost),
        margin: toChf(turnover.margin),
      };
    },

    async passengersInfo(id: number) {
      await requireFlight(id);
      const counts = await repo.departureControlCounts(db, id);
      return { ...counts, pending: counts.passengers - counts.appeared - counts.noShow };
    },

    /** In the language asked for (the back office's interface language), else the user's own. */
    async turnoverPdf(user: AuthUser, ids: number[], asked?: Locale): Promise<FileAnswer> {
      const locale = asked ?? (await localeOf(user));
      const groups = new Map(
        (await repo.tariffGroupNames(db)).map((group) => [group.id, group.name[locale]]),
      );
      const flights: TurnoverFlight[] = (await turnovers(ids)).map(({ head, turnover }) => ({
        number: head.flight.number,
        departure: head.flight.departure,
        originCode: head.origin.code,
        destinationCode: head.destination.code,
        originTimezone: head.origin.timezone,
        status: head.flight.status,
        byTariffGroup: turnover.byTariffGroup.map((group) => ({
          tariffGroupName: groups.get(group.tariffGroupId) ?? String(group.tariffGroupId),
          seatsSold: group.seatsSold,
          allottedSeats: group.allottedSeats,
          revenue: group.revenue,
          cost: group.cost,
        })),
        seatsSold: turnover.seatsSold,
        revenue: turnover.revenue,
        cost: turnover.cost,
        margin: turnover.margin,
      }));
      const body = await renderTurnoverList({ flights, locale, generatedAt: new Date() });
      return pdfAnswer(body, 'TurnoverList.pdf');
    },

    async passengerReport(ids: number[], locale: Locale): Promise<FileAnswer> {
      const heads = await repo.findFlightHeads(db, ids);
      const missing = ids.find((id) => !heads.some((head) => head.flight.id === id));
      if (missing !== undefined) throw ApiError.notFound('flight', missing);
      const passengers = await repo.reportPassengers(
        db,
        heads.map((head) => head.flight.id),
      );
      const body = await renderPassengerReport({
        locale,
        flights: heads.map((head) => ({
          number: head.flight.number,
          departure: head.flight.departure,
          originCode: head.origin.code,
          destinationCode: head.destination.code,
          originTimezone: head.origin.timezone,
          passengers: passengers
            .filter((passenger) => passenger.flightId === head.flight.id)
            .map((passenger) => ({
              lastName: passenger.lastName,
              firstName: passenger.firstName,
              ageType: passenger.ageType,
              birthday: passenger.birthday,
              seatLabel: passenger.seatLabel,
              tariffName: passenger.tariffName[locale],
              reservationId: passenger.reservationId,
              recordLocator: passenger.recordLocator,
              paymentStatus: passenger.paymentStatus,
              contactEmail: passenger.billing.email,
              contactPhone: passenger.billing.phoneMobile,
              isAppeared: passenger.isAppeared,
            })),
        })),
      });
      return {
        body,
        fileName: 'PassengerReport.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    },

    async flightsMap() {
      const pairs = await repo.flightsMap(db, new Date());
      const byOrigin = new Map<string, string[]>();
      for (const { origin, destination } of pairs)
        byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), destination]);
      return { items: [...byOrigin].map(([origin, destinations]) => ({ origin, destinations })) };
    },
  };
}

export type FlightReportsService = ReturnType<typeof createFlightReportsService>;
