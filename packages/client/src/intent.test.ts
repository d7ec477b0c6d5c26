import { describe, expect, it } from 'vitest';
import { createIntent } from './intent.ts';

/** A send that records its key and finishes when told. */
function gate() {
  const keys: string[] = [];
  let finish: (ok: boolean) => void = () => undefined;
  const send = (key: string) => {
    keys.push(key);
    return new Promise<string>((resolve, reject) => {
      finish = (ok) => (ok ? resolve(key) : reject(new Error('refused')));
    });
  };
  return { keys, send, finish: (ok: boolean) => finish(ok) };
}

describe('an intent that moves money', () => {
  it('sends once while a send is under way: a double click answers the first call', async () => {
    const intent = createIntent();
    const { keys, send, finish } = gate();
    const first = intent.run({ amount: 10 }, send);
    const second = intent.run({ amount: 10 }, send);
    expect(intent.isRunning).toBe(true);
    finish(true);
    expect(await first).toBe(await second);
    expect(keys).toHaveLength(1);
    expect(intent.isRunning).toBe(false);
  });

  it('retries a failed send with the same key, and gives a changed payload a new one', async () => {
    const intent = createIntent();
    const { keys, send, finish } = gate();
    const failed = intent.run({ amount: 10 }, send);
    finish(false);
    await expect(failed).rejects.toThrow('refused');
    const retried = intent.run({ amount: 10 }, send);
    finish(false);
    await expect(retried).rejects.toThrow('refused');
    const changed = intent.run({ amount: 12 }, send);
    finish(true);
    await changed;
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('starts a new intent after a success, even with the same payload', async () => {
    const intent = createIntent();
    const { keys, send, finish } = gate();
    const first = intent.run({ amount: 10 }, send);
    finish(true);
    await first;
    const again = intent.run({ amount: 10 }, send);
    finish(true);
    await again;
    expect(keys[1]).not.toBe(keys[0]);
  });
});
