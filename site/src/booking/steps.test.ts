import { describe, expect, it } from 'vitest';
import {
  breadcrumbs,
  firstOpenStep,
  isStepName,
  mayOpen,
  nextStep,
  previousStep,
  type StepFacts,
  stepsOf,
} from './steps.ts';

const facts = (changes: Partial<StepFacts> = {}): StepFacts => ({
  travelType: 'return',
  seatsChoosable: true,
  filled: {},
  ...changes,
});

describe('the booking steps', () => {
  it('go through all seven steps on a return trip, and back', () => {
    expect(stepsOf(facts())).toEqual([
      'travel-dates',
      'select-flight-outbound',
      'select-flight-return',
      'passengers',
      'seat-reservation',
      'billing-information',
      'reservation-overview',
    ]);
    expect(nextStep('select-flight-outbound', facts())).toBe('select-flight-return');
    expect(previousStep('passengers', facts())).toBe('select-flight-return');
    expect(nextStep('reservation-overview', facts())).toBeNull();
    expect(previousStep('travel-dates', facts())).toBeNull();
  });

  it('skip the return flight on one way, and other-return keeps it', () => {
    const oneWay = facts({ travelType: 'one-way' });
    expect(nextStep('select-flight-outbound', oneWay)).toBe('passengers');
    expect(previousStep('passengers', oneWay)).toBe('select-flight-outbound');
    expect(stepsOf(oneWay)).not.toContain('select-flight-return');
    expect(nextStep('select-flight-outbound', facts({ travelType: 'other-return' }))).toBe(
      'select-flight-return',
    );
  });

  it('go from passengers to billing and back when seats are skipped', () => {
    const noSeats = facts({ seatsChoosable: false });
    expect(nextStep('passengers', noSeats)).toBe('billing-information');
    expect(previousStep('billing-information', noSeats)).toBe('passengers');
    expect(nextStep('passengers', facts())).toBe('seat-reservation');
    expect(previousStep('billing-information', facts())).toBe('seat-reservation');
  });

  it('open only steps whose earlier steps are filled, and mark the crumbs', () => {
    const halfway = facts({
      filled: { 'travel-dates': true, 'select-flight-outbound': true },
    });
    expect(firstOpenStep(halfway)).toBe('select-flight-return');
    expect(mayOpen('select-flight-outbound', halfway)).toBe(true);
    expect(mayOpen('select-flight-return', halfway)).toBe(true);
    expect(mayOpen('passengers', halfway)).toBe(false);
    expect(mayOpen('select-flight-return', facts({ travelType: 'one-way' }))).toBe(false);
    expect(breadcrumbs('select-flight-return', halfway).map((crumb) => [crumb.state, crumb.canOpen])).toEqual(
      [
        ['done', true],
        ['done', true],
        ['current', false],
        ['notFilled', false],
        ['notFilled', false],
        ['notFilled', false],
        ['notFilled', false],
      ],
    );
    // The next step to fill can be opened from an earlier one, though it is not filled yet.
    expect(breadcrumbs('travel-dates', halfway)[2]).toEqual({
      step: 'select-flight-return',
      state: 'notFilled',
      canOpen: true,
    });
    const all = facts({
      travelType: 'one-way',
      seatsChoosable: false,
      filled: {
        'travel-dates': true,
        'select-flight-outbound': true,
        passengers: true,
        'billing-information': true,
      },
    });
    expect(firstOpenStep(all)).toBe('reservation-overview');
    expect(mayOpen('reservation-overview', all)).toBe(true);
  });

  it('walk a whole one-way booking without seats forwards and backwards', () => {
    const lean = facts({ travelType: 'one-way', seatsChoosable: false });
    const forwards = ['travel-dates'];
    for (let step = nextStep('travel-dates', lean); step; step = nextStep(step, lean)) forwards.push(step);
    expect(forwards).toEqual([
      'travel-dates',
      'select-flight-outbound',
      'passengers',
      'billing-information',
      'reservation-overview',
    ]);
    const backwards = ['reservation-overview'];
    for (let step = previousStep('reservation-overview', lean); step; step = previousStep(step, lean))
      backwards.push(step);
    expect(backwards).toEqual([...forwards].reverse());
  });

  it('walk an other-return booking through both flight steps', () => {
    const other = facts({ travelType: 'other-return' });
    expect(stepsOf(other)).toHaveLength(7);
    expect(previousStep('select-flight-return', other)).toBe('select-flight-outbound');
    expect(nextStep('select-flight-return', other)).toBe('passengers');
    expect(nextStep('billing-information', other)).toBe('reservation-overview');
  });

  it('skip seats on a return trip too, keeping the return flight', () => {
    const noSeats = facts({ seatsChoosable: false });
    expect(stepsOf(noSeats)).toEqual([
      'travel-dates',
      'select-flight-outbound',
      'select-flight-return',
      'passengers',
      'billing-information',
      'reservation-overview',
    ]);
    expect(mayOpen('seat-reservation', { ...noSeats, filled: { 'travel-dates': true } })).toBe(false);
  });

  it('send a stale or empty booking back to the first step still to fill', () => {
    expect(firstOpenStep(facts())).toBe('travel-dates');
    expect(mayOpen('reservation-overview', facts())).toBe(false);
    // The return flight vanished from its list after billing was given: back to choosing it.
    const stale = facts({
      filled: {
        'travel-dates': true,
        'select-flight-outbound': true,
        'select-flight-return': false,
        passengers: true,
        'seat-reservation': true,
        'billing-information': true,
      },
    });
    expect(firstOpenStep(stale)).toBe('select-flight-return');
    expect(mayOpen('billing-information', stale)).toBe(false);
    // Filled data of a skipped step does not count (one way keeps no return flight step).
    const oneWay = facts({
      travelType: 'one-way',
      filled: { 'travel-dates': true, 'select-flight-outbound': true, 'select-flight-return': false },
    });
    expect(firstOpenStep(oneWay)).toBe('passengers');
  });

  it('show only the steps of this booking as crumbs', () => {
    const crumbs = breadcrumbs('passengers', facts({ travelType: 'one-way', seatsChoosable: false }));
    expect(crumbs.map((crumb) => crumb.step)).toEqual([
      'travel-dates',
      'select-flight-outbound',
      'passengers',
      'billing-information',
      'reservation-overview',
    ]);
    expect(crumbs.find((crumb) => crumb.state === 'current')?.step).toBe('passengers');
  });

  it('know the step names of the address', () => {
    expect(isStepName('seat-reservation')).toBe(true);
    expect(isStepName('payment')).toBe(false);
  });
});
