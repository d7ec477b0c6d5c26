import { STEPS, type StepName } from './steps.ts';

/**
 * Where each text of the booking wizard is in the catalogue; the page translates them at build time
 * and hands them to the island, so no catalogue ships to the browser.
 */
const WIZARD_KEYS = [
  'title',
  'crumbs',
  'back',
  'continue',
  'change',
  'summary',
  'outbound',
  'return',
  'total',
  'calculating',
  'priceFailed',
  'goToStep',
  'dateTabs',
  'loadingFlights',
  'flightsError',
  'noFlightsDay',
  'soldOut',
  'perPerson',
  'chosen',
  'departs',
  'arrives',
  'passenger',
  'adult',
  'child',
  'infant',
  'gender',
  'male',
  'female',
  'ageMismatch',
  'extras',
  'noExtras',
  'billingTitle',
  'createAccount',
  'loggedInAs',
  'acceptTerms',
  'termsRequired',
  'payByCard',
  'paying',
  'popupOpen',
  'popupBlocked',
  'billedTo',
  'urlProblems',
  'seatsNone',
  'typeSeat',
  'takeSeat',
  'sessionLapsed',
  'signInAgain',
  'bookAsGuest',
] as const;
const URL_KINDS = ['required', 'notAllowed', 'invalid', 'notFound', 'noFlights'] as const;
const SEAT_STATES = ['free', 'taken', 'disabled', 'reserved', 'own', 'absent', 'selected'] as const;

/** Texts from elsewhere in the catalogue the wizard shows too. */
const SHARED_TEXTS = {
  directionOutbound: 'booking.direction.outbound',
  directionReturn: 'booking.direction.return',
  directionBoth: 'booking.direction.both',
  unknownError: 'errors.ERROR_INTERNAL',
  networkError: 'common.networkError',
  retry: 'common.retry',
  paymentIssue: 'payments.card.issue',
  seatName: 'flights.form.seatMap.seat',
  exitRow: 'flights.form.seatMap.exitRow',
  legend: 'flights.form.seatMap.legend',
  seatLabel: 'site.cardResult.seat',

  loading: 'booking.wizard.loading',
  issue: 'site.account.issue',
  mr: 'person.salutation.mr',
  mrs: 'person.salutation.mrs',
  salutation: 'person.fields.salutation',
  firstName: 'person.fields.firstName',
  lastName: 'person.fields.lastName',
  birthday: 'person.fields.birthday',
  email: 'person.fields.email',
  company: 'person.fields.company',
  street: 'person.fields.street',
  zip: 'person.fields.zip',
  city: 'person.fields.city',
  country: 'person.fields.country',
  phoneMobile: 'person.fields.phoneMobile',
  phoneNumberFirst: 'person.fields.phoneNumberFirst',
  phoneNumberSecond: 'person.fields.phoneNumberSecond',
  password: 'person.fields.password',
  passwordConfirm: 'person.fields.passwordConfirm',
  phoneHint: 'person.phoneHint',
  optional: 'site.accountDetails.optional',
  choose: 'form.choose',
  termsLink: 'site.nav.terms',
} as const;

type WizardTextName =
  | (typeof WIZARD_KEYS)[number]
  | `step.${StepName}`
  | `url.${(typeof URL_KINDS)[number]}`
  | `seatState.${(typeof SEAT_STATES)[number]}`
  | keyof typeof SHARED_TEXTS;

export const WIZARD_TEXTS = {
  ...Object.fromEntries(WIZARD_KEYS.map((name) => [name, `booking.wizard.${name}`])),
  ...Object.fromEntries(STEPS.map((step) => [`step.${step}`, `booking.wizard.steps.${step}`])),
  ...Object.fromEntries(URL_KINDS.map((kind) => [`url.${kind}`, `booking.url.${kind}`])),
  ...Object.fromEntries(
    SEAT_STATES.map((state) => [`seatState.${state}`, `flights.form.seatMap.states.${state}`]),
  ),
  ...SHARED_TEXTS,
} as Record<WizardTextName, string>;

export type WizardTexts = Record<WizardTextName, string>;

/** `{{name}}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
