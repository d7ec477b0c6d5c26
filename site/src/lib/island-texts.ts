import { PASSWORD_MIN_LENGTH } from '@flybook/schemas/auth';
import { BOOKING_ERROR_CODES, BOOKING_ERROR_PARAMS } from '../booking/server-errors.ts';
import { TRIP_FORM_TEXT_KEYS, type TripFormTexts } from '../booking/TripForm.tsx';
import { WIZARD_MESSAGES, WIZARD_TEXTS, type WizardTexts } from '../booking/wizard-texts.ts';
import type { AccountTexts } from '../islands/AccountReservations.tsx';
import type { AdSliderLabels } from '../islands/AdSlider.tsx';
import { CARD_RESULT_TEXTS, type CardResultTexts } from '../islands/CardResult.tsx';
import {
  CHECK_IN_ERROR_CODES,
  CHECK_IN_TEXTS,
  type CheckInErrorTexts,
  type CheckInTexts,
} from '../islands/CheckIn.tsx';
import type { FlightOverviewTexts } from '../islands/FlightOverview.tsx';
import { type FlightsBoardTexts, SEATS_SHOWN_EXACTLY } from '../islands/FlightsBoard.tsx';
import { MANAGE_BOOKING_TEXTS, type ManageBookingTexts } from '../islands/ManageBooking.tsx';
import { UPDATE_PASSWORD_TEXTS, type UpdatePasswordTexts } from '../islands/UpdatePasswordIsland.tsx';
import { CARD_PAYMENT_ERRORS } from './card-payment.ts';
import type { SiteTexts } from './i18n.ts';
import type { Message } from './message.ts';
import type { FieldErrorTexts } from './person-form.ts';

/**
 * The texts each island is given, made with the site's i18next when its page is built
 * (the page files in pages/) — and by the islands' tests, which so read what a visitor reads. Finished where
 * the page knows every value; a message (lib/message.ts) where only the browser does.
 */

/** The codes of the public person forms' errors (account details, billing, passwords). */
const FORM_ERROR_CODES = [
  'ERROR_VALIDATION',
  'ERROR_REQUIRED',
  'ERROR_NOT_BLANK',
  'ERROR_FORMAT',
  'ERROR_PATTERN',
  'ERROR_TYPE',
  'ERROR_ENUM',
  'ERROR_MINIMUM',
  'ERROR_MAXIMUM',
  'ERROR_MIN_LENGTH',
  'ERROR_MAX_LENGTH',
  'ERROR_NOT_EQUAL_PASSWORD',
  'ERROR_EMAIL_TAKEN',
  'ERROR_CURRENT_PASSWORD_WRONG',
  'ERROR_PASSWORD_IS_EMAIL',
  'ERROR_PASSWORD_TOO_COMMON',
  'ERROR_RATE_LIMITED',
  'ERROR_NOT_FOUND',
] as const;

const errorKeys = (codes: readonly string[]) =>
  Object.fromEntries(codes.map((code) => [code, `errors.${code}`]));

/** The error texts a person form may show, by code: a limit is filled in the browser. */
export const formErrorTexts = (s: SiteTexts): FieldErrorTexts =>
  s.messages(errorKeys(FORM_ERROR_CODES), ['limit']);

/** The card payment's refusals, by code. */
export const paymentErrorTexts = (s: SiteTexts): Record<string, string> =>
  s.texts(errorKeys(CARD_PAYMENT_ERRORS));

/** A reservation's status in words, by status. */
export const reservationStatusTexts = (s: SiteTexts): Record<string, string> =>
  s.texts(
    Object.fromEntries(
      ['created', 'reserved', 'confirmed', 'cancelled'].map((status) => [
        status,
        `reservationDocuments.common.reservationStatus.${status}`,
      ]),
    ),
  );

export const flightsBoardTexts = (s: SiteTexts): FlightsBoardTexts => ({
  loading: s.t('site.flightsBoard.loading'),
  error: s.t('site.flightsBoard.error'),
  retry: s.t('common.retry'),
  networkError: s.t('common.networkError'),
  unknownError: s.template('errors.ERROR_INTERNAL', ['details']),
  noFlights: s.t('site.flightsBoard.noFlights'),
  seatsLeft: s.plural('site.flightsBoard.seatsLeft'),
  manySeatsLeft: s.t('site.flightsBoard.manySeatsLeft', { seats: SEATS_SHOWN_EXACTLY }),
  from: s.t('site.flightsBoard.from'),
});

export const flightOverviewTexts = (s: SiteTexts): FlightOverviewTexts => ({
  title: s.t('site.overview.title'),
  showAll: s.plural('site.overview.showAll'),
  showLess: s.t('site.overview.showLess'),
  empty: s.t('site.overview.empty'),
  error: s.t('site.overview.error'),
});

export const adSliderLabels = (s: SiteTexts): AdSliderLabels => ({
  region: s.t('site.slider.region'),
  previous: s.t('site.slider.previous'),
  next: s.t('site.slider.next'),
  pause: s.t('site.slider.pause'),
  play: s.t('site.slider.play'),
  slide: s.template('site.slider.slide', ['index', 'total']),
});

export const searchTexts = (s: SiteTexts): TripFormTexts =>
  s.texts(Object.fromEntries(TRIP_FORM_TEXT_KEYS.map((key) => [key, `site.search.${key}`]))) as TripFormTexts;

export const updatePasswordTexts = (s: SiteTexts): UpdatePasswordTexts => ({
  ...s.texts(UPDATE_PASSWORD_TEXTS),
  passwordHint: s.t('auth.updatePassword.passwordHint', { min: PASSWORD_MIN_LENGTH }),
});

export const manageBookingTexts = (s: SiteTexts): ManageBookingTexts => ({
  ...s.texts(MANAGE_BOOKING_TEXTS),
  tooMany: s.template('site.manage.tooMany', ['minutes']),
  seat: s.template('site.manage.seat', ['seat']),
  pay: s.template('site.manage.pay', ['amount']),
});

export const checkInTexts = (s: SiteTexts, opensHours: number): CheckInTexts => ({
  ...s.texts(CHECK_IN_TEXTS),
  intro: s.t('site.checkIn.intro', { hours: opensHours }),
  tooMany: s.template('site.manage.tooMany', ['minutes']),
  seat: s.template('site.manage.seat', ['seat']),
  newSeat: s.template('site.checkIn.newSeat', ['seat', 'previous']),
  onLap: s.template('site.checkIn.onLap', ['name']),
  closesAt: s.template('site.checkIn.closesAt', ['time']),
  changeSeatFor: s.template('site.checkIn.changeSeatFor', ['name']),
  seatMapTitle: s.template('site.checkIn.seatMapTitle', ['name']),
  seatMapHint: s.template('site.checkIn.seatMapHint', ['price']),
  seatTaken: s.template('site.checkIn.seatTaken', ['seat']),
  confirm: s.plural('site.checkIn.confirm'),
  passesCount: s.plural('site.checkIn.passesCount', ['flight']),
  seatName: s.template('flights.form.seatMap.seat', ['label', 'className', 'price', 'state']),
});

/** The check-in's refusals by code, filled with the date, time or seat the server names. */
export const checkInErrorTexts = (s: SiteTexts): CheckInErrorTexts =>
  s.messages(errorKeys(CHECK_IN_ERROR_CODES), ['date', 'time', 'seatLabel']) as CheckInErrorTexts;

export const cardResultTexts = (s: SiteTexts): CardResultTexts => ({
  ...s.texts(CARD_RESULT_TEXTS),
  successText: s.template('site.cardResult.successText', ['reference', 'email']),
  successTextNoEmail: s.template('site.cardResult.successTextNoEmail', ['reference']),
  minutesLeft: s.plural('site.cardResult.minutesLeft'),
  seat: s.template('site.cardResult.seat', ['seat']),
  unknownError: s.template('errors.ERROR_INTERNAL', ['details']),
  summaryTitle: s.template('payments.summary.title', ['id']),
});

export const accountReservationsTexts = (s: SiteTexts): AccountTexts => ({
  title: s.t('site.account.title'),
  empty: s.t('site.account.empty'),
  loading: s.t('site.account.loading'),
  error: s.t('site.account.error'),
  retry: s.t('common.retry'),
  networkError: s.t('common.networkError'),
  unknownError: s.template('errors.ERROR_INTERNAL', ['details']),
  logout: s.t('site.account.logout'),
  reservation: s.t('site.account.reservation'),
  bookingReference: s.t('site.account.bookingReference'),
  flights: s.t('site.account.flights'),
  status: s.t('site.account.status'),
  total: s.t('site.account.total'),
  paid: s.t('site.account.paid'),
  documents: s.t('site.account.documents'),
  ticket: s.t('site.account.ticket'),
  invoice: s.t('site.account.invoice'),
  documentUnavailable: s.t('site.account.documentUnavailable'),
  bookFlight: s.t('site.bookFlight'),
  payNow: s.t('site.cardResult.payNow'),
  paying: s.t('site.cardResult.paying'),
  paymentIssue: s.t('payments.card.issue'),
  paymentErrors: paymentErrorTexts(s),
  statuses: reservationStatusTexts(s),
});

export function wizardTexts(s: SiteTexts): WizardTexts {
  const messages = Object.fromEntries(
    Object.entries(WIZARD_MESSAGES).map(([name, [key, params]]) => [name, s.template(key, params)]),
  ) as { [Name in keyof typeof WIZARD_MESSAGES]: Message<(typeof WIZARD_MESSAGES)[Name][1][number]> };
  return { ...s.texts(WIZARD_TEXTS), ...messages };
}

/** The wizard's error texts by code: booking's own wording where it has one (spec 02 §8). */
export const bookingErrorTexts = (s: SiteTexts): Record<string, Message> =>
  s.messages(
    {
      ...errorKeys(FORM_ERROR_CODES),
      ...errorKeys(BOOKING_ERROR_CODES),
      ERROR_AVAILABLE_SEATS_NOT_ENOUGH: 'booking.errors.ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
    },
    BOOKING_ERROR_PARAMS,
  );
