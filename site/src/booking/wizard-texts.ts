import type { Message } from '../lib/message.ts';
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
  'dateTabs',
  'loadingFlights',
  'flightsError',
  'noFlightsDay',
  'soldOut',
  'perPerson',
  'chosen',
  'departs',
  'arrives',
  'adult',
  'child',
  'infant',
  'gender',
  'male',
  'female',
  'extras',
  'noExtras',
  'billingTitle',
  'createAccount',
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
const URL_KINDS = ['noFlights'] as const;
const SEAT_STATES = ['free', 'taken', 'disabled', 'reserved', 'own', 'absent', 'selected'] as const;

/** Texts from elsewhere in the catalogue the wizard shows too. */
const SHARED_TEXTS = {
  directionOutbound: 'booking.direction.outbound',
  directionReturn: 'booking.direction.return',
  directionBoth: 'booking.direction.both',
  networkError: 'common.networkError',
  retry: 'common.retry',
  paymentIssue: 'payments.card.issue',
  exitRow: 'flights.form.seatMap.exitRow',
  legend: 'flights.form.seatMap.legend',

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

/**
 * The wizard's texts with parameters, filled in the browser: each with the parameters the wizard
 * gives it (the page's build fails on a text that needs another).
 */
export const WIZARD_MESSAGES = {
  goToStep: ['booking.wizard.goToStep', ['step']],
  passenger: ['booking.wizard.passenger', ['number']],
  ageMismatch: ['booking.wizard.ageMismatch', ['ageType']],
  loggedInAs: ['booking.wizard.loggedInAs', ['name']],
  acceptTerms: ['booking.wizard.acceptTerms', ['terms']],
  'url.required': ['booking.url.required', ['fieldName']],
  'url.notAllowed': ['booking.url.notAllowed', ['fieldName']],
  'url.invalid': ['booking.url.invalid', ['fieldName', 'validFormat']],
  'url.notFound': ['booking.url.notFound', ['fieldName', 'value']],
  unknownError: ['errors.ERROR_INTERNAL', ['details']],
  seatName: ['flights.form.seatMap.seat', ['label', 'className', 'price', 'state']],
  seatLabel: ['site.cardResult.seat', ['seat']],
} as const satisfies Record<string, readonly [string, readonly [string, ...string[]]]>;

type WizardTextName =
  | (typeof WIZARD_KEYS)[number]
  | `step.${StepName}`
  | `url.${(typeof URL_KINDS)[number]}`
  | `seatState.${(typeof SEAT_STATES)[number]}`
  | keyof typeof SHARED_TEXTS;

/** Where each finished text of the wizard is in the catalogue. */
export const WIZARD_TEXTS = {
  ...Object.fromEntries(WIZARD_KEYS.map((name) => [name, `booking.wizard.${name}`])),
  ...Object.fromEntries(STEPS.map((step) => [`step.${step}`, `booking.wizard.steps.${step}`])),
  ...Object.fromEntries(URL_KINDS.map((kind) => [`url.${kind}`, `booking.url.${kind}`])),
  ...Object.fromEntries(
    SEAT_STATES.map((state) => [`seatState.${state}`, `flights.form.seatMap.states.${state}`]),
  ),
  ...SHARED_TEXTS,
} as Record<WizardTextName, string>;

type WizardMessages = typeof WIZARD_MESSAGES;
export type WizardTexts = Record<WizardTextName, string> & {
  [Name in keyof WizardMessages]: Message<WizardMessages[Name][1][number]>;
};
