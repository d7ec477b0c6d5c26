import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace; API tests pick PGlite or PostgreSQL by FLYBOOK_TEST_DB. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'schemas',
          include: ['schemas/src/**/*.test.ts', 'locales/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'content', include: ['packages/content/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'site',
          include: ['site/src/**/*.test.ts', 'site/test/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'payments-sim',
          include: ['packages/payments-sim/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // Tests that need PostgreSQL itself (several processes on one database) run in its pass only.
          include: [
            'packages/api/src/**/*.test.ts',
            ...(process.env.FLYBOOK_TEST_DB === 'postgres' ? ['packages/api/src/**/*.pg-test.ts'] : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The bench's non-timing parts: its bulk volume and its result file (timings: `npm run bench`).
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // The back office and UI kit, with Refine inlined so one react-router instance is used.
      'admin/vitest.config.ts',
    ],
  },
});
