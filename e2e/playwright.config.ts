import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from '../scripts/chromium.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// FLYBOOK_E2E_PORT lets parallel checkouts on one machine run their journeys side by side.
const PORT = Number(process.env.FLYBOOK_E2E_PORT ?? 4398);
const BASE_URL = `http://localhost:${PORT}`;

// Debian's chromium where it is installed (no browser download on these machines), else Playwright's own.
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS }
  : {};

// A fresh database per run. Playwright evaluates this file in every worker too; the environment
// carries the runner's choice over so they all agree. The runner removes the folder when it exits
// (after it has stopped the server), so runs leave no databases behind.
if (!process.env.FLYBOOK_E2E_DATA_DIR) {
  const created = mkdtempSync(join(tmpdir(), 'flybook-e2e-'));
  process.env.FLYBOOK_E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.FLYBOOK_E2E_DATA_DIR;

export default defineConfig({
  testDir: here,
  testMatch: '*.e2e.ts',
  fullyParallel: false,
  // The journeys share one server and database, and some change what others rely on (the recovery
  // journey changes the manager's password, which ends the manager's sessions): one file at a time.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Journeys run several screens end to end; a busy CI machine can take twice as long as a quiet one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: 'node --experimental-strip-types --disable-warning=ExperimentalWarning scripts/start.ts',
    cwd: join(here, '..'),
    env: { PORT: String(PORT), DATA_DIR: dataDir },
    url: `${BASE_URL}/api/v1/public/country/list`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
