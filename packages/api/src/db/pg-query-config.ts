import { createRequire } from 'node:module';

/** node-postgres' module that normalizes a query's config (each Query reads it from there when built). */
const utils = createRequire(import.meta.url)('pg/lib/utils') as {
  normalizeQueryConfig: (config: unknown, values?: unknown, callback?: unknown) => Record<string, unknown>;
};

/** node-postgres' own copy of a query's config, kept for configs other than plain objects. */
export const normalizeAsNodePostgres = utils.normalizeQueryConfig;

/**
 * A query's config as node-postgres normalizes it, copied by a spread when it is a plain object.
 * node-postgres 8.23 copies every config before reading it, so as never to change the caller's
 * object, with `Object.getOwnPropertyDescriptors` and `Object.defineProperties`: some 2 µs a query,
 * and a copy in V8's slow dictionary mode that the query then reads. The configs Drizzle passes are
 * plain objects of data properties, which a spread copies alike in some 30 ns. Any other config
 * (a class instance, accessors) is copied as node-postgres copies it.
 */
export function normalizeQueryConfig(config: unknown, values?: unknown, callback?: unknown) {
  if (typeof config !== 'object' || config === null || Object.getPrototypeOf(config) !== Object.prototype)
    return normalizeAsNodePostgres(config, values, callback);
  const copy: Record<string, unknown> = { ...config };
  if (values) {
    if (typeof values === 'function') copy.callback = values;
    else copy.values = values;
  }
  if (callback) copy.callback = callback;
  return copy;
}

/** Has node-postgres' queries normalize their config with `normalizeQueryConfig` (once per process). */
export function installQuickQueryConfig() {
  utils.normalizeQueryConfig = normalizeQueryConfig;
}
