import { airportLocalTime } from '@flybook/domain';
import type { Locale } from '@flybook/schemas';
import type { Tx } from '../../db/client.ts';
import { translator } from '../../platform/i18n.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { flightContacts } from './flights.repository.ts';

/** What passengers are told about their flight. */
export type FlightNotice = 'flightDelayed' | 'flightRescheduled' | 'flightOnTime' | 'passengerSeat';

export interface NoticeChannels {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/**
 * Queues the notice for every reservation holding tickets on the flight (or only `to.reservationId`,
 * with the notice's own `to.values`), by e-mail and/or SMS to its billing contact, in the
 * reservation's language — in the transaction of the change, so a rolled-back change tells nobody.
 * Answers how many messages were queued.
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
  to: { reservationId?: number; values?: Record<string, string> } = {},
): Promise<number> {
  if (!channels.isEmailNotifyEnabled && !channels.isSmsNotifyEnabled) return 0;
  const local = airportLocalTime(flight.departure, flight.origin.timezone);
  let queued = 0;
  for (const contact of await flightContacts(tx, flight.id)) {
    if (to.reservationId !== undefined && contact.reservationId !== to.reservationId) continue;
    const t = translator(contact.language as Locale);
    const values = {
      name: `${contact.billing.firstName} ${contact.billing.lastName}`.trim(),
      number: flight.number,
      route: `${flight.origin.code} – ${flight.destination.code}`,
      date: local.date,
      time: local.time,
      minutes: flight.delayMinutes ?? 0,
      context: flight.delayMinutes ? 'minutes' : undefined,
      ...to.values,
    };
    if (channels.isEmailNotifyEnabled && contact.billing.email) {
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: contact.billing.email,
        subject: t(`notifications.${notice}.subject`, values),
        body: t(`notifications.${notice}.body`, values),
        template: notice,
      });
      queued += 1;
    }
    if (channels.isSmsNotifyEnabled && contact.billing.phoneMobile) {
      await enqueueMessage(tx, {
        channel: 'sms',
        recipient: contact.billing.phoneMobile,
        body: t(`notifications.${notice}.sms`, values),
        template: notice,
      });
      queued += 1;
    }
  }
  return queued;
}
