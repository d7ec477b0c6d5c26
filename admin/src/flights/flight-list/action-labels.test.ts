import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { confirmOne } from './action-labels.ts';

/** The key and its values, so the test reads which question is asked. */
const t = ((key: string, values?: object) =>
  `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;

const flight = {
  number: 'FB120',
  passengers: 0,
  reservations: 0,
  departure: '2031-06-03T16:00:00.000Z',
  origin: { code: 'PRN', timezone: 'Europe/Belgrade' },
};

describe('the departed question', () => {
  it('is the plain one in the boarding hour', () => {
    const now = new Date('2031-06-03T15:05:00.000Z');
    expect(confirmOne(t, 'departed', flight, { locale: 'en', now }).message).toBe(
      'flights.actions.confirm.departedOne {"number":"FB120"}',
    );
  });

  it('says when the flight is due, in local time, more than an hour before', () => {
    const now = new Date('2031-06-03T14:59:00.000Z');
    expect(confirmOne(t, 'departed', flight, { locale: 'de', now }).message).toBe(
      'flights.actions.confirm.departedEarly {"number":"FB120","departure":"03.06.2031 18:00","origin":"PRN"}',
    );
  });
});
