import { airportLocalTime } from '@flybook/domain';
import type { Tx } from '../../db/client.ts';
import { defaultMessageSettings, type MessageSettings, notifyFlightChange } from '../messages/notify.ts';
import { flightContacts } from './flights.repository.ts';

/** What passengers are told about their flight. */
export type FlightNotice = 'flightDelayed' | 'flightRescheduled' | 'flightOnTime' | 'passengerSeat';

export interface NoticeChannels {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/**
 * Queues the notice for every reservation holding tickets on the flight (or only `to.reservationId`,
 * naming `to.passenger` and their seat), by e-mail and/or SMS to its billing contact, in the
 * reservation's language — in the transaction of the change, so a rolled-back change tells nobody.
 * The texts are the message catalogue's (messages/catalogue). Answers how many messages were queued.
 */
export async function notifyPassengers(
  tx: Tx,
  notice: FlightNotice,
  channels: NoticeChannels,
  flight: {
    id: number;
    number: string;
    departure: Date;
    origin: { code: string; timezone: string };
    destination: { code: string };
    delayMinutes?: number | null;
  },
  to: { reservationId?: number; passenger?: string; seat?: string | null } = {},
  settings: MessageSettings = defaultMessageSettings(),
): Promise<number> {
  if (!channels.isEmailNotifyEnabled && !channels.isSmsNotifyEnabled) return 0;
  const local = airportLocalTime(flight.departure, flight.origin.timezone);
  let queued = 0;
  for (const contact of await flightContacts(tx, flight.id)) {
    if (to.reservationId !== undefined && contact.reservationId !== to.reservationId) continue;
    queued += await notifyFlightChange(
      tx,
      settings,
      notice,
      contact.reservationId,
      {
        number: flight.number,
        route: `${flight.origin.code} – ${flight.destination.code}`,
        date: local.date,
        time: local.time,
        minutes: flight.delayMinutes ?? null,
        ...(to.passenger ? { passenger: to.passenger, seat: to.seat ?? null } : {}),
      },
      // Staff choose SMS for a notice themselves (as before the catalogue); automatic messages ask consent.
      { email: channels.isEmailNotifyEnabled, sms: channels.isSmsNotifyEnabled ? 'staff' : false },
    );
  }
  return queued;
}
