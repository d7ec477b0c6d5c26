import type { Locale } from '@flybook/locales';
import type { Cost, Reservation } from '@flybook/schemas';
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
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the reservation wizard');
  return value;
}
