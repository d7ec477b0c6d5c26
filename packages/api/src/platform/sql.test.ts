import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { officeDayEnd, officeDayStart, retryOnDeadlock } from './sql.ts';

/** A driver error as Drizzle wraps it: the SQLSTATE sits on the cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('retryOnDeadlock', () => {
  it('runs the work again after a deadlock, up to the attempts given', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw wrapped('40P01');
      return 'booked';
    });
    expect([answer, calls]).toEqual(['booked', 3]);

    let tries = 0;
    await expect(
      retryOnDeadlock(async () => {
        tries += 1;
        throw wrapped('40P01');
      }, 2),
    ).rejects.toThrow('Failed query');
    expect(tries).toBe(2);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(1);
  });
});

describe('officeDayStart and officeDayEnd', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: null, dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  /** The instant as UTC wall clock, whatever the session's time zone. */
  const utc = async (instant: SQL) => {
    const result = await database.db.execute(sql`select (${instant} at time zone 'UTC')::text as "at"`);
    return (result as unknown as { rows: { at: string }[] }).rows[0]!.at;
  };

  it('bound an office day by Zurich midnights, 23 hours in March and 25 in October', async () => {
    expect(await utc(officeDayStart('2031-01-15'))).toBe('2031-01-14 23:00:00');
    expect(await utc(officeDayEnd('2031-01-15'))).toBe('2031-01-15 23:00:00');
    expect(await utc(officeDayStart('2031-07-15'))).toBe('2031-07-14 22:00:00');
    expect(await utc(officeDayStart('2031-03-30'))).toBe('2031-03-29 23:00:00');
    expect(await utc(officeDayEnd('2031-03-30'))).toBe('2031-03-30 22:00:00');
    expect(await utc(officeDayStart('2031-10-26'))).toBe('2031-10-25 22:00:00');
    expect(await utc(officeDayEnd('2031-10-26'))).toBe('2031-10-26 23:00:00');
  });
});
