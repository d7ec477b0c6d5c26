import { createRequire } from 'node:module';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { installQuickQueryConfig, normalizeAsNodePostgres, normalizeQueryConfig } from './pg-query-config.ts';

/** A config as Drizzle's node-postgres session passes it: name, text, row mode and its type parsers. */
const drizzleConfig = () => ({
  name: undefined,
  text: 'select id from users where id = $1',
  rowMode: 'array',
  types: { getTypeParser: () => (value: string) => value },
});

describe("node-postgres' query config, copied quickly", () => {
  it('is the copy node-postgres makes, for every way a query is called', () => {
    const callback = () => undefined;
    const cases: [unknown, unknown?, unknown?][] = [
      [drizzleConfig(), [1]],
      [drizzleConfig(), undefined],
      [drizzleConfig(), [1], callback],
      [drizzleConfig(), callback],
      [{ text: 'begin' }],
      [{ name: 'named', text: 'select $1::int', values: [1], binary: true, queryMode: 'extended' }, [2]],
      ['select 1', [1], callback],
    ];
    for (const [config, values, done] of cases) {
      const quick = normalizeQueryConfig(config, values, done);
      expect(quick).toEqual(normalizeAsNodePostgres(config, values, done));
      // A copy: the caller's object is never the one changed.
      if (typeof config === 'object') expect(quick).not.toBe(config);
    }
    const config = drizzleConfig();
    normalizeQueryConfig(config, [7], callback);
    expect(config).toEqual({ ...drizzleConfig(), types: config.types });
    expect(config).not.toHaveProperty('values');
  });

  it('copies a config that is not a plain object as node-postgres does (its prototype and accessors kept)', () => {
    class Config {
      get text() {
        return 'select 2';
      }
    }
    const copy = normalizeQueryConfig(new Config(), [1]);
    expect(copy).toBeInstanceOf(Config);
    expect(copy.text).toBe('select 2');
    expect(copy.values).toEqual([1]);
  });

  it("is what node-postgres' queries read their config with once in use", () => {
    installQuickQueryConfig();
    const config = drizzleConfig();
    const query = new pg.Query(config, [5]) as unknown as {
      text: string;
      values: unknown[];
      _rowMode: string;
    };
    expect(query).toMatchObject({ text: config.text, values: [5], _rowMode: 'array' });
    // The module every Query reads its config through now holds the quick copy.
    const utils = createRequire(import.meta.url)('pg/lib/utils') as { normalizeQueryConfig: unknown };
    expect(utils.normalizeQueryConfig).toBe(normalizeQueryConfig);
  });
});
