import type { Locale } from '@flybook/locales';
import { calendarDate } from '@flybook/locales/format';
import type { Cost } from '@flybook/schemas/booking';
import { createContext, useContext } from 'react';
import type { Message } from '../lib/message.ts';
import type { BookingDraft } from './draft.ts';
import type { StepName } from './steps.ts';
import type { TripFormTexts } from './TripForm.tsx';
import type { WizardTexts } from './wizard-texts.ts';

/** URL problems found on a flight step travel to the travel-dates step (session storage). */
export const URL_PROBLEMS_KEY = 'flybook.booking.urlProblems';
/** A flight chosen through the address (the flights page's links), taken when its list loads. */
export const ADDRESS_CHOICE_KEY = 'flybook.booking.addressChoice';

/**
 * Why the booking has no price: the server refused the calculation (its error in words, and the
 * step that can mend it), or could not answer (Retry asks again).
 */
export interface PriceProblem {
  message: string;
  mend: StepName | null;
  retry: (() => void) | null;
}

/** What every step of the wizard reads: the draft, texts, where the steps are, and the price. */
export interface WizardContextValue {
  step: StepName;
  draft: BookingDraft;
  locale: Locale;
  texts: WizardTexts;
  tripTexts: TripFormTexts;
  /** `errors.<CODE>` (booking's own wording where it has one), by code (BOOKING_ERROR_PARAMS filled). */
  errorTexts: Record<string, Message>;
  stepPath: (step: StepName) => string;
  /** Opens the next step of this booking. */
  goNext: () => void;
  /** The price of the booking as it stands (reservation/calculate, debounced 1 s); null until known. */
  cost: Cost | null;
  /** Why there is no cost after the last calculation; null while one runs or when it answered. */
  priceProblem: PriceProblem | null;
  paths: { home: string; terms: string; cardCancel: string; login: string };
  /** A CHF amount in the page's language (`formatChf` of @flybook/locales/format). */
  money: (chf: number) => string;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard outside the booking wizard');
  return value;
}

/** The local calendar day of an instant at an airport. */
export const localDay = (instant: string, timeZone: string) => calendarDate(instant, timeZone);
