import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The admin test project (back office + @flybook/ui), usable as an entry of the root config's
 * `projects` ('admin/vitest.config.ts') or on its own (`npx vitest run -c admin/vitest.config.ts`).
 *
 * Refine's packages are inlined: left external, @refinedev/react-router would load its own instance
 * of react-router beside the one the app's code gets, and its hooks would find no router
 * ("useLocation() may be used only in the context of a <Router>").
 */
export default defineConfig({
  test: {
    name: 'admin',
    root: resolve(import.meta.dirname, '..'),
    include: ['admin/src/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Every core, as the root config (Vitest's default leaves one free).
    maxWorkers: availableParallelism(),
    // One jsdom and one module graph per worker instead of per file: 3× faster. What a file could
    // leave behind (DOM, storage, spies, timers) is reset by the setup file after each test and file.
    isolate: false,
    setupFiles: ['admin/src/test/setup.ts'],
    // Page tests click through whole forms in jsdom; on a busy 2-core CI machine one can take
    // several seconds. A limit, not a timing goal (those live in `npm run bench`).
    testTimeout: 20_000,
    server: { deps: { inline: [/@refinedev\//] } },
  },
});
