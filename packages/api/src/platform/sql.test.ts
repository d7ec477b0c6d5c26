import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './sql.ts';

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
