import {
  buildAdl,
  buildPnl,
  type PnlFlight,
  type PnlPassenger,
  pnlClassOf,
  pnlClassOrder,
  pnlListAddresses,
  pnlTimestamp,
} from '@flybook/domain';
import type { ExternalPnl, Pnl, PnlMessage, SendPnlBody } from '@flybook/schemas';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { tariffs } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { type FlightHead, seatsOf } from '../flights/flights.service.ts';
import { agentName, genderOf } from './passenger-view.ts';
import * as repo from './passengers.repository.ts';
import { departureDayOf, requireFlight } from './passengers.service.ts';

type MessageRow = NonNullable<Awaited<ReturnType<typeof repo.lastPnlMessage>>>;

/** The own list's key among the lists of a flight; agents' lists are keyed by the agent's id. */
const OWN = 0;

/** A passenger row as the PNL generator takes it. */
function toPnlPassenger(row: repo.PassengerRow, destination: string): PnlPassenger {
  return {
    id: row.passenger.id,
    lastName: row.passenger.lastName,
    firstName: row.passenger.firstName,
    gender: genderOf(row),
    ageType: row.passenger.ageType,
    birthday: row.passenger.birthday,
    destination,
    // The booking class is the tariff's, so a DCS tells Light from Classic (docs/pnl.md).
    classCode: pnlClassOf(row.tariffCode),
    // The .L/ element carries the record locator the traveller also has (docs/pnl.md).
    bookingReference: row.reservation.recordLocator,
    seatLabel: row.ticket.seatLabel,
  };
}

const messageView = (
  row: MessageRow,
  agent: { id: number; company: string } | null,
  userName: string | null,
) => ({
  id: row.id,
  type: row.type,
  agent,
  total: row.total,
  createdAt: row.createdAt.toISOString(),
  user: row.userId === null ? null : { id: row.userId, displayName: userName ?? '' },
});

/**
 * The PNL and ADL of a flight (docs/pnl.md). A flight has the own list (passengers not booked by an
 * external agent) and one list per agent who booked passengers on it; each list's messages are
 * recorded when sent, and its ADL says what changed since the last one.
 */
export function createPnlService(db: Db, now: () => Date = () => new Date()) {
  /** The flight as the PNL heading and totals name it: number, local date, board point, classes of its tariffs. */
  async function pnlFlightOf(tx: Db | Tx, head: FlightHead): Promise<PnlFlight> {
    const seats = (await seatsOf(tx, [head.flight.id])).get(head.flight.id) ?? [];
    const groupIds = [
      ...new Set([
        ...seats.map((row) => row.tariffGroupId),
        ...head.flight.sections.map((section) => section.tariffGroup.id),
      ]),
    ];
    const sold =
      groupIds.length === 0
        ? []
        : await tx
            .select({ code: tariffs.code })
            .from(tariffs)
            .where(inArray(tariffs.tariffGroupId, groupIds))
            .orderBy(asc(tariffs.id));
    return {
      flightNumber: head.flight.number,
      departureDate: departureDayOf(head),
      boardPoint: head.origin.code,
      destinations: [head.destination.code],
      classes: pnlClassOrder(sold.map((tariff) => pnlClassOf(tariff.code))),
    };
  }

  /** The flight's passengers by list: OWN, or the id of the agent who booked them. */
  async function listsOf(tx: Db | Tx, head: FlightHead) {
    const lists = new Map<
      number,
      { agent: { id: number; company: string } | null; passengers: PnlPassenger[] }
    >();
    lists.set(OWN, { agent: null, passengers: [] });
    for (const row of await repo.allPassengers(tx, head.flight.id)) {
      const key = row.agent?.id ?? OWN;
      const list = lists.get(key) ?? {
        agent: row.agent === null ? null : { id: row.agent.id, company: agentName(row.agent) },
        passengers: [],
      };
      list.passengers.push(toPnlPassenger(row, head.destination.code));
      lists.set(key, list);
    }
    return lists;
  }

  /** A list's PNL now, and its ADL against the last message sent. */
  /** The heading of a list's messages: its own originator, the company's addresses (docs/pnl.md). */
  const headingOf = (head: FlightHead, flight: PnlFlight, agentId: number | null) =>
    pnlListAddresses(
      flight,
      { originator: head.company.pnlOriginator, addresses: head.company.pnlAddresses },
      agentId,
    );

  function view(
    head: FlightHead,
    flight: PnlFlight,
    passengers: PnlPassenger[],
    agent: { id: number; company: string } | null,
    last: { message: MessageRow; userName: string | null } | undefined,
    groupCodes: ReadonlyMap<string, string>,
  ): Pnl {
    const options = {
      ...headingOf(head, flight, agent?.id ?? null),
      timestamp: pnlTimestamp(now()),
      groupCodes,
    };
    const pnl = buildPnl(flight, passengers, options);
    const adl = last ? buildAdl(flight, last.message.passengers, passengers, options) : null;
    return {
      pnl: pnl.text,
      total: pnl.total,
      parts: pnl.parts.length,
      adl: adl?.text ?? null,
      adlChanges: adl ? adl.added + adl.changed + adl.deleted : 0,
      lastMessage: last ? messageView(last.message, agent, last.userName) : null,
    };
  }

  return {
    /** The own list: every passenger not booked by an external agent. */
    async pnl(flightId: number): Promise<Pnl> {
      const head = await requireFlight(db, flightId);
      const [flight, lists, last, groupCodes] = await Promise.all([
        pnlFlightOf(db, head),
        listsOf(db, head),
        repo.lastPnlMessages(db, flightId),
        repo.pnlGroupCodes(db, flightId),
      ]);
      return view(head, flight, lists.get(OWN)!.passengers, null, last.get(OWN), groupCodes);
    },

    /**
     * One PNL per external agent with passengers on the flight, or a list sent before (its ADL
     * then deletes them), most passengers first.
     */
    async pnlExternal(flightId: number): Promise<{ items: ExternalPnl[] }> {
      const head = await requireFlight(db, flightId);
      const [flight, lists, last, groupCodes] = await Promise.all([
        pnlFlightOf(db, head),
        listsOf(db, head),
        repo.lastPnlMessages(db, flightId),
        repo.pnlGroupCodes(db, flightId),
      ]);
      for (const key of last.keys()) {
        if (key === OWN || lists.has(key)) continue;
        const agent = await repo.agentOf(db, key);
        if (agent) lists.set(key, { agent: { id: agent.id, company: agentName(agent) }, passengers: [] });
      }
      const items = [...lists.entries()]
        .filter(([key]) => key !== OWN)
        .map(([key, list]) => ({
          agent: list.agent!,
          ...view(head, flight, list.passengers, list.agent, last.get(key), groupCodes),
        }));
      items.sort(
        (a, b) =>
          b.total - a.total || a.agent.company.localeCompare(b.agent.company) || a.agent.id - b.agent.id,
      );
      return { items };
    },

    /**
     * Records a list's PNL, or its ADL against the last message, as sent. Sends of one flight
     * queue behind each other, so each ADL is computed against the message before it.
     */
    send: (user: AuthUser, flightId: number, body: z.output<typeof SendPnlBody>): Promise<PnlMessage> =>
      db.transaction(async (tx) => {
        await repo.lockPnlList(tx, flightId);
        const head = await requireFlight(tx, flightId);
        const key = body.agentId ?? OWN;
        let agent: { id: number; company: string } | null = null;
        if (body.agentId !== undefined) {
          const found = await repo.agentOf(tx, body.agentId);
          if (!found) {
            throw new ApiError('ERROR_NOT_FOUND', 404, {
              message: `Not found agent ${body.agentId}`,
              field: 'agentId',
            });
          }
          agent = { id: found.id, company: agentName(found) };
        }
        const flight = await pnlFlightOf(tx, head);
        const passengers = (await listsOf(tx, head)).get(key)?.passengers ?? [];
        const createdAt = now();
        // Codes stay with their bookings across every list and message of the flight.
        const options = {
          ...headingOf(head, flight, body.agentId ?? null),
          timestamp: pnlTimestamp(createdAt),
          groupCodes: await repo.pnlGroupCodes(tx, flightId),
        };
        let built: { text: string; total: number; groupCodes: ReadonlyMap<string, string> };
        if (body.type === 'PNL') {
          built = buildPnl(flight, passengers, options);
        } else {
          const last = await repo.lastPnlMessage(tx, flightId, body.agentId ?? null);
          if (!last) throw new ApiError('ERROR_PNL_NOT_SENT', 409, { field: 'type' });
          built = buildAdl(flight, last.passengers, passengers, options);
        }
        const { text, total } = built;
        const row = await repo.insertPnlMessage(tx, {
          flightId,
          agentId: body.agentId ?? null,
          type: body.type,
          text,
          total,
          passengers,
          groupCodes: Object.fromEntries(built.groupCodes),
          userId: user.id,
          createdAt,
        });
        return { ...messageView(row, agent, user.displayName), text: row.text };
      }),

    async messages(flightId: number, agentId: number | undefined): Promise<{ items: PnlMessage[] }> {
      await requireFlight(db, flightId);
      const agentRow = agentId === undefined ? undefined : await repo.agentOf(db, agentId);
      const agent = agentRow ? { id: agentRow.id, company: agentName(agentRow) } : null;
      const rows = await repo.pnlMessagesOf(db, flightId, agentId ?? null);
      return {
        items: rows.map(({ message, userName }) => ({
          ...messageView(message, agent, userName),
          text: message.text,
        })),
      };
    },
  };
}

export type PnlService = ReturnType<typeof createPnlService>;
