import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  logEntries,
  runServerProcessToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

// Production starts of the real server process (`node packages/api/src/server.ts`): what it refuses,
// what it serves, and what its banner says. Variables a developer's shell may hold are cleared.
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: '',
  DATATRANS_MERCHANT_ID: '',
  DATATRANS_PASSWORD: '',
  DATATRANS_SIGN_KEY: '',
  FLYBOOK_PAYMENTS_SIM: '',
  FLYBOOK_DEMO: '',
  ADMIN_DIST: '',
  SITE_DIST: '',
};

/** The one line a refused start writes on stderr (and that it is the only one, with no stack). */
function onlyLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] ?? '';
}

/** A TCP port on 127.0.0.1 that nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

/** Banner lines (the start banner is plain text among the JSON log lines). */
const bannerOf = (server: ServerProcess) => server.lines.filter((line) => !line.startsWith('{')).join('\n');

describe('a production start that must not happen', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flybook-refused-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without the Datatrans settings exits 1 with one line naming the missing variables', {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(dir, 'data');
    const exit = await runServerProcessToExit({ ...production, DATA_DIR: dataDir });
    expect(exit.code).toBe(1);
    const line = onlyLine(exit.stderr);
    expect(line).toMatch(/^Flybook cannot start: /);
    for (const name of ['DATATRANS_MERCHANT_ID', 'DATATRANS_PASSWORD', 'DATATRANS_SIGN_KEY'])
      expect(line).toContain(name);
    // Refused before anything was touched: no database folder was created.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('with partial credentials exits 1 naming the ones missing', { timeout: 120_000 }, async () => {
    const exit = await runServerProcessToExit({
      ...production,
      DATA_DIR: join(dir, 'data'),
      DATATRANS_MERCHANT_ID: '1100012345',
    });
    expect(exit.code).toBe(1);
    expect(onlyLine(exit.stderr)).toContain('DATATRANS_PASSWORD, DATATRANS_SIGN_KEY are not set');
  });

  it('against an unreachable PostgreSQL retries, then exits 1 with one line naming host:port, never the password', {
    timeout: 120_000,
  }, async () => {
    const port = await closedPort();
    const exit = await runServerProcessToExit({
      ...production,
      FLYBOOK_PAYMENTS_SIM: '1',
      DATABASE_URL: `postgres://flybook:very-secret-pw@127.0.0.1:${port}/flybook`,
      DB_START_TIMEOUT_SECONDS: '2',
    });
    expect(exit.code).toBe(1);
    const line = onlyLine(exit.stderr);
    expect(line).toMatch(
      new RegExp(`^Flybook cannot start: the database at 127\\.0\\.0\\.1:${port} is unreachable`),
    );
    expect(`${exit.stdout}${exit.stderr}`).not.toContain('very-secret-pw');
    // It waited, retrying with growing pauses (announced on stdout: 0.25, 0.5, 1 s, then what is
    // left of the 2 s), and gave up (the bound is loose: the process's start alone takes seconds on a
    // busy machine).
    const retries = exit.stdout.split('\n').filter((line) => line.startsWith('Waiting for the database'));
    expect(retries[0]).toBe(
      `Waiting for the database at 127.0.0.1:${port} (ECONNREFUSED); next try in 0.25 s`,
    );
    expect(retries.length).toBeGreaterThanOrEqual(3);
    expect(retries.length).toBeLessThanOrEqual(5);
    expect(exit.milliseconds).toBeGreaterThan(2000);
    expect(exit.milliseconds).toBeLessThan(30_000);
  });
});

describe('production starts that serve', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flybook-production-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  it('with FLYBOOK_PAYMENTS_SIM=1 serves the stand-in, warns in the log and says so in the banner', {
    timeout: 200_000,
  }, async () => {
    const server = await startServerProcess({
      ...production,
      DATA_DIR: join(dir, 'data'),
      FLYBOOK_PAYMENTS_SIM: '1',
    });
    try {
      const warning = logEntries(server.lines).find(
        (entry) => entry.level === 40 && String(entry.msg).includes('FLYBOOK_PAYMENTS_SIM=1 IN PRODUCTION'),
      );
      expect(warning).toBeDefined();
      const banner = bannerOf(server);
      expect(banner).toMatch(
        /Cards +local stand-in at http:\/\/localhost:\d+\/payments-sim .*no card is charged/,
      );
      expect(banner).not.toContain('/api/dev/outbox');
      expect(banner).not.toContain('Demo logins');

      // The stand-in's own API answers (its error for an unknown transaction, behind its Basic auth).
      const simAuth = `Basic ${Buffer.from('flybook-sim:sim-password').toString('base64')}`;
      const sim = await fetch(`${server.url}/payments-sim/v1/transactions/unknown`, {
        headers: { authorization: simAuth },
      });
      expect(sim.status).toBe(404);
      expect(await sim.json()).toMatchObject({ error: { code: 'TRANSACTION_NOT_FOUND' } });
    } finally {
      await stop(server);
    }
  });

  it('with Datatrans credentials never mounts the stand-in, and lists only what it serves', {
    timeout: 200_000,
  }, async () => {
    // Relative ADMIN_DIST and DATA_DIR, taken from the working directory (the data folder is the
    // one of the test above, already migrated).
    const cwd = join(dir, 'release');
    mkdirSync(join(cwd, 'admin-build'), { recursive: true });
    writeFileSync(join(cwd, 'admin-build', 'index.html'), '<!doctype html><title>Back office build</title>');
    const server = await startServerProcess(
      {
        ...production,
        DATA_DIR: '../data',
        ADMIN_DIST: 'admin-build',
        DATATRANS_MERCHANT_ID: '1100012345',
        DATATRANS_PASSWORD: 'not-a-real-password',
        DATATRANS_SIGN_KEY: 'a1b2c3d4',
      },
      180_000,
      { cwd },
    );
    try {
      const simAuth = `Basic ${Buffer.from('flybook-sim:sim-password').toString('base64')}`;
      for (const path of ['/payments-sim/v1/transactions/unknown', '/payments-sim/v1/start/unknown']) {
        const answer = await fetch(`${server.url}${path}`, { headers: { authorization: simAuth } });
        expect(answer.status).toBe(404);
        expect(await answer.json()).toMatchObject({ errors: [{ code: 'ERROR_NOT_FOUND' }] });
      }
      expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(404);

      const banner = bannerOf(server);
      expect(banner).toContain('Cards        Datatrans (live) https://api.datatrans.com');
      expect(banner).not.toContain('payments-sim');
      expect(banner).not.toContain('/api/dev/outbox');
      expect(banner).toContain('E-mail       kept in the outbox (no SMTP_URL: not sent)');
      expect(banner).toContain(`Database     PGlite in ${join(dir, 'data')}`);
      expect(banner).toMatch(/Back office +http:\/\/localhost:\d+\/admin\//);
      expect(banner).not.toContain('Demo logins');

      // The relative ADMIN_DIST is served.
      const admin = await fetch(`${server.url}/admin/`);
      expect(admin.status).toBe(200);
      expect(await admin.text()).toContain('Back office build');
      // No demo data in production by default: the demo admin does not exist.
      const login = await fetch(`${server.url}/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'admin@flybook.test', password: 'flybook-demo' }),
      });
      expect(login.status).toBe(401);
    } finally {
      await stop(server);
    }
  });
});
