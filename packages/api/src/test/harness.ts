import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD, seedIfEmpty } from '../seed/seed.ts';
import type { DatabaseTemplate } from './database-template.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/** Which database the API suite runs on: PGlite in memory, or PostgreSQL with FLYBOOK_TEST_DB=postgres. */
export const testDatabaseKind = process.env.FLYBOOK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies by path and assert their values
  body: any;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Logs a demo user in and returns the token. */
  login(who: 'admin' | 'manager' | 'agent' | 'customer' | string, password?: string): Promise<string>;
  /** app.inject with an optional token; answers with status and parsed JSON. */
  request(options: InjectOptions & { token?: string }): Promise<TestResponse>;
  /** A call of the API under /api/v1 with an optional token, JSON body and headers. */
  api(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  /** Another app instance on the same database, as a second server behind a load balancer. */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The template's dump, read once per worker (files share the worker's modules) and never changed. */
let templateDump: Blob | undefined;

/**
 * A fresh, migrated and seeded database of the test file's own: a copy of the run's template
 * (`database-template.ts`) when the project has one, else migrated and seeded here.
 */
async function openTestDatabase(): Promise<{ database: Database; scratch: ScratchDatabase | null }> {
  const template: DatabaseTemplate | undefined = inject('databaseTemplate');
  if (testDatabaseKind === 'postgres') {
    const scratch = await createScratchDatabase(
      'flybook_test',
      undefined,
      template?.kind === 'postgres' ? template.name : undefined,
    );
    const database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    if (template?.kind !== 'postgres') await migrateAndSeed(database);
    return { database, scratch };
  }
  if (template?.kind === 'pglite') {
    templateDump ??= new Blob([readFileSync(template.dumpFile)]);
    return {
      database: await openDatabase({ url: null, dataDir: 'memory://', loadDataDir: templateDump }),
      scratch: null,
    };
  }
  const database = await openDatabase({ url: null, dataDir: 'memory://' });
  await migrateAndSeed(database);
  return { database, scratch: null };
}

async function migrateAndSeed(database: Database) {
  await database.migrate();
  await seedIfEmpty(database.db, { demo: true });
}

/** A fresh, migrated and seeded database with the app on top, one per test file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, scratch } = await openTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://flybook.test' }),
    databaseUrl: scratch?.url ?? null,
    dataDir: 'memory://',
    ...overrides,
  };
  const app = await buildApp({ database, config });
  const extra: FastifyInstance[] = [];

  const request: TestApp['request'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({
      ...options,
      headers: { ...headers, ...(token ? { 'x-auth-token': token } : {}) },
    });
    const type = String(response.headers['content-type'] ?? '');
    return {
      status: response.statusCode,
      body: type.includes('application/json') ? response.json() : response.body,
      headers: response.headers,
    };
  };

  return {
    app,
    database,
    config,
    request,
    api: (method, url, token, payload, headers) =>
      request({
        method,
        url: `/api/v1/${url}`,
        ...(token ? { token } : {}),
        ...(headers ? { headers } : {}),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async login(who, password = DEMO_PASSWORD) {
      const login = who.includes('@') ? who : `${who}@flybook.test`;
      const response = await request({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { login, password },
      });
      if (response.status !== 200)
        throw new Error(`login ${login} failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.token as string;
    },
    async secondInstance() {
      const other = await buildApp({ database, config });
      extra.push(other);
      return other;
    },
    async close() {
      for (const other of extra) await other.close();
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}
