import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The site's component tests (`*.test.tsx`): islands rendered in jsdom over a stubbed `fetch`, as
 * a visitor's browser would show them. The site's plain modules are tested in Node (the root
 * config's `site` project).
 */
export default defineConfig({
  test: {
    name: 'site-ui',
    root: resolve(import.meta.dirname, '..'),
    include: ['site/src/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['site/test/setup-dom.ts'],
    // Islands wait for their (stubbed) calls and the wizard's 1 s price debounce.
    testTimeout: 20_000,
  },
});
