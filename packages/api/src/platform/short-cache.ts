/**
 * A cache of answers that may be a moment old: each key's value lives `ttlMs`, and callers that
 * ask for a key while its value is being computed share that one computation. `clear()` forgets
 * everything (this instance's writes call it, so a booking shows at once on the instance that took
 * it; other instances see it within `ttlMs`). A ttl of 0 turns the cache off.
 */
export interface ShortCache<Value> {
  get(key: string, compute: () => Promise<Value>): Promise<Value>;
  clear(): void;
  readonly size: number;
}

/** Entries beyond this are dropped oldest first, so odd queries cannot grow the memory. */
const MAX_ENTRIES = 2000;

export function createShortCache<Value>(ttlMs: number, now: () => number = Date.now): ShortCache<Value> {
  const entries = new Map<string, { value: Promise<Value>; expires: number }>();
  return {
    get(key, compute) {
      if (ttlMs <= 0) return compute();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      entries.delete(key);
      const value = compute();
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry = { value, expires: now() + ttlMs };
      entries.set(key, entry);
      // Failures are not remembered. (An answer a write overtook is not either: clear() dropped it.)
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
