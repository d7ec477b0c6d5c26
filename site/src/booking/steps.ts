import type { TravelType } from './trip-search.ts';

/** The public booking's steps in order (spec 02 §2), as they appear in `/booking/flight/:stepName`. */
export const STEPS = [
  'travel-dates',
  'select-flight-outbound',
  'select-flight-return',
  'passengers',
  'seat-reservation',
  'billing-information',
  'reservation-overview',
] as const;
export type StepName = (typeof STEPS)[number];

export const isStepName = (value: string): value is StepName => (STEPS as readonly string[]).includes(value);

/** What decides which steps a booking has and how far it got. */
export interface StepFacts {
  travelType: TravelType;
  /**
   * Seat reservation is skipped when no chosen flight has a seat map to choose from or every
   * passenger is an infant (infants fly on a lap): docs/booking-wizard.md.
   */
  seatsChoosable: boolean;
  /** Each step's own data is there (the step was completed), by step. */
  filled: Partial<Record<StepName, boolean>>;
}

/** The steps this booking goes through: one way has no return flight, and seats may be skipped. */
export function stepsOf(facts: Pick<StepFacts, 'travelType' | 'seatsChoosable'>): StepName[] {
  return STEPS.filter(
    (step) =>
      !(step === 'select-flight-return' && facts.travelType === 'one-way') &&
      !(step === 'seat-reservation' && !facts.seatsChoosable),
  );
}

export function nextStep(current: StepName, facts: Pick<StepFacts, 'travelType' | 'seatsChoosable'>) {
  const steps = stepsOf(facts);
  return steps[steps.indexOf(current) + 1] ?? null;
}

export function previousStep(current: StepName, facts: Pick<StepFacts, 'travelType' | 'seatsChoosable'>) {
  const steps = stepsOf(facts);
  const index = steps.indexOf(current);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

/**
 * The first step a visitor may not skip: the earliest one whose data is missing. A step can be
 * opened when every step before it is filled; the overview needs all.
 */
export function firstOpenStep(facts: StepFacts): StepName {
  const steps = stepsOf(facts);
  return (
    steps.find((step) => step !== 'reservation-overview' && !facts.filled[step]) ?? 'reservation-overview'
  );
}

export const mayOpen = (step: StepName, facts: StepFacts) => {
  const steps = stepsOf(facts);
  if (!steps.includes(step)) return false;
  return steps.indexOf(step) <= steps.indexOf(firstOpenStep(facts));
};

/**
 * How a breadcrumb looks: the current step, a filled one, or one not filled yet; `canOpen` says
 * whether a click may jump there (filled steps and the next one to fill).
 */
export type Crumb = { step: StepName; state: 'current' | 'done' | 'notFilled'; canOpen: boolean };

export function breadcrumbs(current: StepName, facts: StepFacts): Crumb[] {
  return stepsOf(facts).map((step) => ({
    step,
    state: step === current ? 'current' : facts.filled[step] ? 'done' : 'notFilled',
    canOpen: step !== current && mayOpen(step, facts),
  }));
}
