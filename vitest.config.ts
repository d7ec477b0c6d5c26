import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * A project of Node tests. Files of a project share their worker's module graph (`isolate: false`):
 * importing the API's modules once per worker instead of once per file makes the API suite three
 * times faster. The tests keep no state in modules; each API file opens its own app and database.
 */
const nodeProject = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  test: { name, include, environment: 'node' as const, isolate: false, ...extra },
});

/** One Vitest run over every workspace; API tests pick PGlite or PostgreSQL by FLYBOOK_TEST_DB. */
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core machine runs one file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      nodeProject('domain', ['packages/domain/src/**/*.test.ts']),
      nodeProject('schemas', ['schemas/src/**/*.test.ts', 'locales/**/*.test.ts']),
      nodeProject('client', ['packages/client/src/**/*.test.ts']),
      nodeProject('content', ['packages/content/src/**/*.test.ts']),
      nodeProject('site', ['site/src/**/*.test.ts', 'site/test/**/*.test.ts'], { hookTimeout: 240_000 }),
      nodeProject('payments-sim', ['packages/payments-sim/src/**/*.test.ts']),
      nodeProject(
        'api',
        [
          'packages/api/src/**/*.test.ts',
          // Tests that need PostgreSQL itself (several processes on one database) run in its pass only.
          ...(process.env.FLYBOOK_TEST_DB === 'postgres' ? ['packages/api/src/**/*.pg-test.ts'] : []),
        ],
        {
          // Every file copies one database migrated and seeded once per run.
          globalSetup: ['packages/api/src/test/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      ),
      // The bench's non-timing parts: its bulk volume and its result file (timings: `npm run bench`).
      nodeProject('bench', ['bench/**/*.test.ts'], { testTimeout: 30_000, hookTimeout: 120_000 }),
      // The back office and UI kit, with Refine inlined so one react-router instance is used.
      'admin/vitest.config.ts',
      // The site's islands in jsdom.
      'site/vitest.config.ts',
    ],
  },
});
