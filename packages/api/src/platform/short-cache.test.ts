import { describe, expect, it } from 'vitest';
import { createShortCache } from './short-cache.ts';

function counter() {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      return calls;
    },
    get calls() {
      return calls;
    },
  };
}

describe('short cache', () => {
  it('answers a key from memory until its time is up, then computes again', async () => {
    let time = 1000;
    const cache = createShortCache<number>(2000, () => time);
    const source = counter();
    expect(await cache.get('a', source.compute)).toBe(1);
    time += 1999;
    expect(await cache.get('a', source.compute)).toBe(1);
    expect(await cache.get('b', source.compute)).toBe(2);
    time += 1;
    expect(await cache.get('a', source.compute)).toBe(3);
    expect(source.calls).toBe(3);
  });

  it('shares one computation between callers that ask at the same time', async () => {
    const cache = createShortCache<number>(1000);
    const source = counter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', source.compute)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(source.calls).toBe(1);
  });

  it('forgets everything on clear, and never remembers a failure', async () => {
    const cache = createShortCache<number>(60_000);
    const source = counter();
    await cache.get('a', source.compute);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', source.compute)).toBe(2);
    await expect(cache.get('x', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('x', source.compute)).toBe(3);
  });

  it('computes every time with a ttl of 0', async () => {
    const cache = createShortCache<number>(0);
    const source = counter();
    await cache.get('a', source.compute);
    await cache.get('a', source.compute);
    expect(source.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps at most 2,000 keys, dropping the oldest', async () => {
    const cache = createShortCache<number>(60_000);
    const source = counter();
    for (let i = 0; i < 2001; i += 1) await cache.get(`k${i}`, source.compute);
    expect(cache.size).toBe(2000);
    expect(await cache.get('k0', source.compute)).toBe(2002);
    expect(await cache.get('k2000', source.compute)).toBe(2001);
  });
});
