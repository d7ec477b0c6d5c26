import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from '../scripts/chromium.ts';

// Debian's chromium where it is installed (no browser download on these machines), else Playwright's own.
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS }
  : {};

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.e2e.ts',
  // The built back office and site must exist (`npm run test:e2e` builds them first).
  globalSetup: './built-apps.ts',
  // Each worker has a server and database of its own (support.ts), so journey files run side by
  // side; inside a file the journeys run in order, as one traveller or employee would. Three
  // workers on two cores: a journey waits for its browser and server a good part of its time, and
  // with two the cores idled 14 % of the run (docs/testing.md).
  fullyParallel: false,
  workers: Number(process.env.FLYBOOK_E2E_WORKERS ?? 3),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Journeys run several screens end to end; a busy CI machine can take twice as long as a quiet one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'en-US',
    // Recording a trace of every journey costs a third of the run's CPU; it is recorded when a failed
    // journey is retried (CI), or for every journey with `--trace=on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
