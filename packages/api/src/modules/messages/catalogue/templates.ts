import type { Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { formatMoney } from '@flybook/locales/format';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate } from '../../../platform/documents/document-layout.ts';
import { button, fact, link, locatorFact, paragraph, subheading } from './email-layout.ts';

/** What a message about a booking tells: the booking as the customer knows it. */
export interface BookingFacts {
  recordLocator: string;
  /** The contact's name, for the greeting. */
  contactName: string;
  /** Each flight with its local departure date (yyyy-mm-dd) and time at the origin. */
  flights: { number: string; route: string; date: string; time: string }[];
  passengers: string[];
  total: Rappen;
  paid: Rappen;
  /** What is still to pay (0 when paid or overpaid). */
  open: Rappen;
  /**
   * The price is hidden from the booking's customer (an agent's booking): no amounts, no way to
   * pay, as on the documents and the manage page.
   */
  pricesHidden: boolean;
  /** The invoice's payment deadline (yyyy-mm-dd), none for a card booking. */
  deadline: string | null;
  /** The manage-my-booking page, opened by the e-mail's own key. */
  manageUrl: string;
  /** The online check-in page with the locator filled in, and how long before departure it opens. */
  checkIn: { url: string; opensHours: number };
}

/** What a message about one flight of a booking tells. */
export interface FlightFacts {
  contactName: string;
  recordLocator: string;
  manageUrl: string;
  number: string;
  route: string;
  /** Local departure date (yyyy-mm-dd) and time at the origin. */
  date: string;
  time: string;
  /** The delay, when known (flightDelayed). */
  minutes?: number | null;
  /** The passenger and their seat (passengerSeat). */
  passenger?: string;
  seat?: string | null;
}

/** Each template's data. The names are the outbox's `template` (the four flight notices keep theirs). */
export interface MessageData {
  'booking-received': { booking: BookingFacts };
  'booking-confirmed': { booking: BookingFacts };
  'payment-received': { booking: BookingFacts; amount: Rappen };
  'payment-reminder': { booking: BookingFacts };
  'reservation-expired': { booking: BookingFacts };
  'reservation-changed': { booking: BookingFacts };
  'reservation-cancelled': { booking: BookingFacts; fee: Rappen; refund: Rappen; creditNote: boolean };
  /** Passengers checked in online on one flight: their boarding passes are attached. */
  'boarding-passes': {
    booking: BookingFacts;
    flight: { number: string; route: string; date: string; time: string };
    passes: { passenger: string; seat: string | null; sequenceNumber: number }[];
  };
  flightDelayed: FlightFacts;
  flightRescheduled: FlightFacts;
  flightOnTime: FlightFacts;
  passengerSeat: FlightFacts;
  flightCancelled: FlightFacts;
  'account-created': { name: string; email: string; loginUrl: string; byStaff: boolean };
  'password-recovery': { name: string; link: string; minutes: number };
}
export type TemplateName = keyof MessageData;

interface Content {
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  children: ReactNode[];
}

export interface Template<T> {
  email(t: TFunction, data: T, language: Locale): Content;
  /** The SMS short form; templates without one are e-mail only. */
  sms?(t: TFunction, data: T, language: Locale): string;
}

const money = (amount: Rappen, language: Locale) => formatMoney(amount, language);
const date = (iso: string | null) => (iso ? formatDate(iso) : '');

/** The booking's facts: locator, flights, passengers and, unless hidden, the money. */
function bookingSummary(t: TFunction, booking: BookingFacts, language: Locale, withMoney = true) {
  return [
    locatorFact(t('messages.common.recordLocator'), booking.recordLocator),
    fact(
      t('messages.common.flights'),
      ...booking.flights.map((flight) =>
        t('messages.common.flightLine', { ...flight, date: formatDate(flight.date) }),
      ),
    ),
    fact(t('messages.common.passengers'), booking.passengers.join(', ')),
    ...(withMoney
      ? [
          fact(t('messages.common.total'), money(booking.total, language)),
          fact(t('messages.common.paid'), money(booking.paid, language)),
          ...(booking.open > 0
            ? [
                fact(t('messages.common.open'), money(booking.open, language)),
                ...(booking.deadline ? [fact(t('messages.common.deadline'), date(booking.deadline))] : []),
              ]
            : []),
        ]
      : []),
  ];
}

/** The link every e-mail about a booking ends with. */
const manageLink = (t: TFunction, url: string) => [
  paragraph(t('messages.common.manageBookingText')),
  button(t('messages.common.manageBooking'), url),
];

const greeting = (t: TFunction, name: string) => paragraph(t('messages.common.greeting', { name }));
const signature = (t: TFunction) => [
  paragraph(t('messages.common.closing')),
  paragraph(t('messages.common.team')),
];

/** The invitation to check in online, with the page's link (the booking is paid). */
const checkInInvitation = (t: TFunction, booking: BookingFacts) => [
  subheading(t('messages.common.checkInTitle')),
  paragraph(t('messages.common.checkInText', { hours: booking.checkIn.opensHours })),
  button(t('messages.common.checkIn'), booking.checkIn.url),
];

/** How to pay an open invoice: bank transfer with the locator as reference, or card online. */
const howToPay = (t: TFunction, locator: string) => [
  subheading(t('messages.common.howToPay')),
  paragraph(
    t('messages.common.payByTransfer', {
      holder: `${COMPANY.name}, ${COMPANY.zip} ${COMPANY.city}`,
      bank: COMPANY.bank.name,
      iban: COMPANY.bank.iban,
      locator,
    }),
  ),
  paragraph(t('messages.common.payByCard')),
];

/** Values every booking text may name. */
const bookingValues = (booking: BookingFacts, language: Locale) => ({
  locator: booking.recordLocator,
  amount: money(booking.open, language),
  open: money(booking.open, language),
  deadline: date(booking.deadline),
});

/** A message about a booking: greeting, intro, the booking, extras, the manage link, signature. */
function bookingTemplate<T extends { booking: BookingFacts }>(
  key: string,
  options: {
    values?: (data: T, language: Locale) => Record<string, string>;
    extra?: (t: TFunction, data: T, language: Locale) => ReactNode[];
    withMoney?: boolean;
  } = {},
): Template<T> {
  const valuesOf = (data: T, language: Locale) => ({
    ...bookingValues(data.booking, language),
    ...options.values?.(data, language),
    // Texts that name amounts have a form without them (`_hidden`); the others stay as they are.
    context: data.booking.pricesHidden ? 'hidden' : undefined,
  });
  return {
    email(t, data, language) {
      const values = valuesOf(data, language);
      const hidden = data.booking.pricesHidden;
      const intro = t(`messages.${key}.intro`, values);
      return {
        subject: t(`messages.${key}.subject`, values),
        preview: intro,
        children: [
          greeting(t, data.booking.contactName),
          paragraph(intro),
          ...bookingSummary(t, data.booking, language, (options.withMoney ?? true) && !hidden),
          ...(hidden ? [] : (options.extra?.(t, data, language) ?? [])),
          ...manageLink(t, data.booking.manageUrl),
          ...signature(t),
        ],
      };
    },
    sms: (t, data, language) => t(`messages.${key}.sms`, valuesOf(data, language)),
  };
}

/** A notice about one flight of a booking (delay, new time, on time, seat, cancellation). */
function flightTemplate(
  key: string,
  contextOf: (data: FlightFacts) => string | undefined,
  apology = false,
): Template<FlightFacts> {
  const valuesOf = (data: FlightFacts) => ({
    number: data.number,
    route: data.route,
    date: formatDate(data.date),
    time: data.time,
    minutes: data.minutes ?? 0,
    passenger: data.passenger ?? '',
    seat: data.seat ?? '',
    locator: data.recordLocator,
    context: contextOf(data),
  });
  return {
    email(t, data) {
      const values = valuesOf(data);
      const text = t(`messages.${key}.text`, values);
      return {
        subject: t(`messages.${key}.subject`, values),
        preview: text,
        children: [
          greeting(t, data.contactName),
          paragraph(text),
          ...(apology ? [paragraph(t(`messages.${key}.apology`))] : []),
          locatorFact(t('messages.common.recordLocator'), data.recordLocator),
          ...manageLink(t, data.manageUrl),
          ...signature(t),
        ],
      };
    },
    sms: (t, data) => t(`messages.${key}.sms`, valuesOf(data)),
  };
}

/** Every message Flybook sends: docs/messages.md says when and to whom. */
export const TEMPLATES: { [K in TemplateName]: Template<MessageData[K]> } = {
  'booking-received': bookingTemplate('bookingReceived', {
    extra: (t, data) => (data.booking.open > 0 ? howToPay(t, data.booking.recordLocator) : []),
  }),
  'booking-confirmed': bookingTemplate('bookingConfirmed', {
    extra: (t, data) => checkInInvitation(t, data.booking),
  }),
  'boarding-passes': bookingTemplate('boardingPasses', {
    withMoney: false,
    values: (data) => ({
      number: data.flight.number,
      route: data.flight.route,
      date: formatDate(data.flight.date),
      time: data.flight.time,
      count: String(data.passes.length),
    }),
    extra: (t, data) => [
      fact(
        t('messages.boardingPasses.passes'),
        ...data.passes.map((pass) =>
          t(pass.seat ? 'messages.boardingPasses.passLine' : 'messages.boardingPasses.passLineNoSeat', {
            passenger: pass.passenger,
            seat: pass.seat ?? '',
            sequence: String(pass.sequenceNumber).padStart(3, '0'),
          }),
        ),
      ),
      paragraph(t('messages.boardingPasses.atTheGate')),
    ],
  }),
  'payment-received': bookingTemplate('paymentReceived', {
    values: (data, language) => ({ amount: money(data.amount, language) }),
    extra: (t, data) => (data.booking.open > 0 ? howToPay(t, data.booking.recordLocator) : []),
  }),
  'payment-reminder': bookingTemplate('paymentReminder', {
    extra: (t, data) => howToPay(t, data.booking.recordLocator),
  }),
  'reservation-expired': bookingTemplate('reservationExpired', { withMoney: false }),
  'reservation-changed': bookingTemplate('reservationChanged'),
  'reservation-cancelled': bookingTemplate('reservationCancelled', {
    withMoney: false,
    extra: (t, data, language) => [
      ...(data.fee > 0
        ? [paragraph(t('messages.reservationCancelled.fee', { amount: money(data.fee, language) }))]
        : []),
      ...(data.refund > 0
        ? [paragraph(t('messages.reservationCancelled.refund', { amount: money(data.refund, language) }))]
        : []),
      ...(data.creditNote ? [paragraph(t('messages.reservationCancelled.creditNote'))] : []),
    ],
  }),
  flightDelayed: flightTemplate('flightDelayed', (data) => (data.minutes ? 'minutes' : undefined), true),
  flightRescheduled: flightTemplate('flightRescheduled', () => undefined),
  flightOnTime: flightTemplate('flightOnTime', () => undefined),
  passengerSeat: flightTemplate('passengerSeat', (data) => (data.seat ? 'seat' : undefined)),
  flightCancelled: flightTemplate('flightCancelled', () => undefined, true),
  'account-created': {
    email(t, data) {
      const text = t('messages.accountCreated.text', {
        email: data.email,
        context: data.byStaff ? 'staff' : undefined,
      });
      return {
        subject: t('messages.accountCreated.subject'),
        preview: text,
        children: [
          greeting(t, data.name),
          paragraph(text),
          button(t('messages.accountCreated.button'), data.loginUrl),
          ...signature(t),
        ],
      };
    },
  },
  'password-recovery': {
    email(t, data) {
      const text = t('messages.passwordRecovery.text', { minutes: data.minutes });
      return {
        subject: t('messages.passwordRecovery.subject'),
        preview: text,
        children: [
          greeting(t, data.name),
          paragraph(text),
          button(t('messages.passwordRecovery.button'), data.link),
          link(data.link),
          paragraph(t('messages.passwordRecovery.ignore')),
          ...signature(t),
        ],
      };
    },
  },
};
