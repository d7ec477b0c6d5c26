import type { Locale } from '@flybook/locales';
import type { Cost, Reservation } from '@flybook/schemas';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { Draft, StepId } from './wizard-model.ts';
import type { WizardAccess, WizardMode } from './wizard-rules.ts';

/** What every step of the reservation wizard shares. */
export interface WizardContextValue {
  mode: WizardMode;
  access: WizardAccess;
  locale: Locale;
  draft: Draft;
  /** Changes the draft through one of the model's rules (withTrip, withFlight, …). */
  update: (change: (draft: Draft) => Draft) => void;
  step: StepId;
  goTo: (step: StepId) => void;
  /** Saves nothing itself: the step has put its data into the draft first. */
  goNext: () => void;
  goBack: () => void;
  /** The reservation being edited. */
  reservation: Reservation | null;
  /** The latest price of the draft (null before flights and passengers are known). */
  cost: Cost | undefined;
  isCalculating: boolean;
  /** Why the last calculation gave no price, and asking again (the summary shows both). */
  calculationError: unknown;
  retryCalculation: () => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the reservation wizard');
  return value;
}

/** A step's name in the interface language (the steps bar, "Go to …" links). */
export function stepLabel(t: TFunction, step: StepId): string {
  switch (step) {
    case 'travelDates':
      return t('reservations.wizard.steps.travelDates');
    case 'outbound':
      return t('reservations.wizard.steps.outbound');
    case 'return':
      return t('reservations.wizard.steps.return');
    case 'billing':
      return t('reservations.wizard.steps.billing');
    case 'passengers':
      return t('reservations.wizard.steps.passengers');
    case 'seats':
      return t('reservations.wizard.steps.seats');
    case 'payment':
      return t('reservations.wizard.steps.payment');
  }
}
