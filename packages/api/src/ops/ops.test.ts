import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { isDatabaseUnavailable, isTransientDatabaseError, loggableError } from '../db/faults.ts';
import { hashToken } from '../platform/secrets.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loggableUrl } from './logging.ts';
import { cspHash } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answers /api/health and /api/ready with 200 on a migrated database', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', accepting: true },
    });
  });

  it('is ready only once the migrations ran; without a database stays alive, not ready, and answers calls 503, not 500', async () => {
    const database = await openDatabase({ url: t.config.databaseUrl, dataDir: 'memory://' });
    const app = await buildApp({ database, config: t.config });
    try {
      if (database.kind === 'pglite') {
        // A fresh PGlite has no migrations yet (on PostgreSQL the test database is already migrated).
        const pending = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(pending.statusCode).toBe(503);
        expect(pending.json().checks).toMatchObject({ database: 'ok', migrations: 'unknown' });
      }
      await database.close();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', checks: { database: 'unreachable' } });
      const calls = [
        app.inject({ method: 'GET', url: '/api/v1/public/country/list' }),
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/token',
          payload: { login: 'manager@flybook.test', password: 'flybook-demo' },
        }),
        app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { 'x-auth-token': 'some-token' } }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.json()).toEqual({
          errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message: expect.any(String) }],
        });
      }
    } finally {
      await app.close();
    }
  });

  it('answers /api/ready with 503 while the server is shutting down', async () => {
    let accepting = true;
    const app = await buildApp({ database: t.database, config: t.config, isAccepting: () => accepting });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      accepting = false;
      const draining = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().checks.accepting).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('shutting down', () => {
  it('answers a request that arrives while draining with 503 in the error format, Retry-After and Connection: close', async () => {
    let accepting = true;
    const app = await buildApp({ database: t.database, config: t.config, isAccepting: () => accepting });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/public/country/list' })).statusCode).toBe(200);
      accepting = false;
      for (const url of ['/api/v1/public/country/list', '/api/v1/user/me', '/admin/']) {
        const refused = await app.inject({ method: 'GET', url });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.headers.connection).toBe('close');
        expect(refused.json()).toEqual({
          errors: [
            { code: 'ERROR_SERVICE_UNAVAILABLE', message: 'The server is shutting down. Please try again.' },
          ],
        });
      }
      // The probes answer for themselves: alive, and not ready.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.accepting).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('caching', () => {
  it('marks every API answer Cache-Control: no-store, successes and errors alike', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/api/v1/public/country/list' }),
      await t.request({ method: 'GET', url: '/api/docs' }),
      await t.request({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { login: 'manager@flybook.test', password: 'wrong-password' },
      }),
      await t.request({ method: 'POST', url: '/api/v1/auth/token', payload: { login: 42 } }),
      await t.request({ method: 'GET', url: '/api/v1/user/me' }),
      await t.request({ method: 'GET', url: '/api/v1/no-such-call' }),
      await t.request({ method: 'GET', url: '/api/v1/flight/not-a-number', token: await t.login('manager') }),
      await t.request({ method: 'GET', url: '/api' }),
      // Broken percent-encoding: refused by the router before any route runs.
      await t.request({ method: 'GET', url: '/api/v1/flight/%E0%A4%A' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 422, 401, 404, 422, 404, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching of what is not the API to its routes', async () => {
    const content = await t.request({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(content.status).toBe(200);
    expect(content.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('database faults', () => {
  const connectionLost = () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('tells a lost or refused connection (however wrapped) from a failed statement', () => {
    const wrapped = new DrizzleQueryError('select 1', [], connectionLost());
    const refused = new AggregateError(
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
      'connect failed',
    );
    for (const error of [
      wrapped,
      new Error('outer', { cause: wrapped }),
      refused,
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
    });
    for (const error of [
      new DrizzleQueryError('insert', ['a'], duplicate),
      new Error('kaboom'),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('tells a transient refusal of the database (cancelled, no slot, lock, deadlock) from a bug', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    for (const error of [
      new DrizzleQueryError('select 1', [], pgError('57014', 'canceling statement due to statement timeout')),
      new DrizzleQueryError('select 1', [], pgError('57014', 'canceling statement due to user request')),
      pgError('53300', 'sorry, too many clients already'),
      new Error('outer', { cause: pgError('55P03', 'could not obtain lock on row in relation "flights"') }),
      new DrizzleQueryError('update', [], pgError('40P01', 'deadlock detected')),
      pgError('40001', 'could not serialize access due to concurrent update'),
      pgError('55000', 'database "flybook" is not currently accepting connections'),
    ]) {
      expect(isTransientDatabaseError(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
    // A statement timed out client-side (the connection went silent): the database is unavailable.
    expect(
      isDatabaseUnavailable(new DrizzleQueryError('select 1', [], new Error('Query read timeout'))),
    ).toBe(true);
    for (const error of [
      // 55000 raised by a statement's mistake, not the database refusing connections.
      pgError('55000', 'currval of sequence "tickets_id_seq" is not yet defined in this session'),
      new DrizzleQueryError(
        'insert',
        ['a'],
        pgError('23505', 'duplicate key value violates unique constraint'),
      ),
      pgError('42P01', 'relation "nope" does not exist'),
      new Error('kaboom'),
      null,
    ])
      expect(isTransientDatabaseError(error), String(error)).toBe(false);
  });

  it('logs a failed statement without its parameters, wherever PostgreSQL repeats them', () => {
    const secret = 'rate-limit-key:10.1.2.3:anna@example.test';
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${secret}"`), {
      code: '22P02',
      detail: `Key (key)=(${secret}) already exists.`,
    });
    const logged = loggableError(new DrizzleQueryError('select $1::int', [secret, 7], cause));
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select $1::int',
      query: 'select $1::int',
      cause: { code: '22P02', detail: 'Key (key)=([redacted]) already exists.' },
    });
  });
});

describe('request ids', () => {
  it("keeps a caller's sane X-Request-Id and answers it", async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a:42');
  });

  it('replaces a missing, overlong or odd X-Request-Id with a new UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const ids = [];
    for (const incoming of [undefined, 'x'.repeat(300), 'evil\u0007id', 'a b', '{"json":1}']) {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/public/country/list',
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      ids.push(String(response.headers['x-request-id']));
    }
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the request id in the body of a 500', async () => {
    const app = await buildApp({ database: t.database, config: t.config });
    app.get('/api/boom', async () => {
      throw new Error('kaboom');
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/boom',
      headers: { 'x-request-id': 'trace-500' },
    });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('trace-500');
    expect(response.json().errors[0].message).toContain('trace-500');
  });
});

describe('structured logs', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      database: t.database,
      config: t.config,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(() => app.close());

  it('writes JSON lines with the request id, and never a password, token or recovery link', async () => {
    const password = 'flybook-demo';
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { 'x-request-id': 'login-1' },
      payload: { login: 'manager@flybook.test', password },
    });
    const { token } = login.json();
    await app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { 'x-auth-token': token, authorization: `Bearer ${token}`, 'x-request-id': 'me-1' },
    });
    await app.inject({ method: 'GET', url: '/updatePassword/recovery-secret-123?lang=de' });
    await app.inject({ method: 'GET', url: `/api/v1/user/me?token=${token}` });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/update-password/en',
      payload: { recoveryToken: 'recovery-secret-456', password: 'new-secret-9', passwordConfirm: 'x' },
    });

    const entries = lines.map((line) => JSON.parse(line));
    const text = lines.join('\n');
    for (const secret of [password, token, 'recovery-secret-123', 'recovery-secret-456', 'new-secret-9'])
      expect(text).not.toContain(secret);
    const ofLogin = entries.filter((entry) => entry.reqId === 'login-1');
    expect(ofLogin.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofLogin[0].req).toMatchObject({ method: 'POST', url: '/api/v1/auth/token' });
    expect(ofLogin[1].res).toMatchObject({ statusCode: 200 });
    expect(entries.find((entry) => entry.reqId === 'me-1')).toBeTruthy();
    expect(text).toContain('/updatePassword/[redacted]?lang=de');
    for (const entry of entries) {
      expect(typeof entry.time).toBe('number');
      expect(typeof entry.level).toBe('number');
    }
  });

  it('answers a file once: a PDF download logs no second answer', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: 'manager@flybook.test', password: 'flybook-demo' },
    });
    const cash = (await t.database.db.execute(
      sql`SELECT id FROM accounts WHERE virtual_code = 'CASH_ZRH'`,
    )) as { rows: { id: number }[] };
    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/balance-log/overview/pdf?locale=en&selectedAccountId=${cash.rows[0]!.id}`,
      headers: { 'x-auth-token': login.json().token, 'x-request-id': 'pdf-1' },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ofDownload = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'pdf-1');
    expect(ofDownload.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('never logs the parameters of a failed SQL statement: not on a 500, not on a 503, not by log.error(error)', async () => {
    const secret = `secret-param-${Date.now()}`;
    const failing = await buildApp({
      database: t.database,
      config: t.config,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    failing.get('/api/failing-statement', async () => {
      await t.database.db.execute(sql`SELECT ${secret}::int AS wrong`);
    });
    failing.get('/api/failing-statement-logged', async (request) => {
      try {
        await t.database.db.execute(sql`SELECT ${secret}::int AS wrong`);
      } catch (error) {
        request.log.error(error);
      }
      return { logged: true };
    });
    // A database that is gone: the session lookup fails with the token's hash among its parameters.
    const gone = await openDatabase({ url: t.config.databaseUrl, dataDir: 'memory://' });
    const withoutDatabase = await buildApp({
      database: gone,
      config: t.config,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await gone.close();
    const token = `session-token-${Date.now()}`;
    try {
      const broken = await failing.inject({
        method: 'GET',
        url: '/api/failing-statement',
        headers: { 'x-request-id': 'sql-500' },
      });
      expect(broken.statusCode).toBe(500);
      const logged = await failing.inject({ method: 'GET', url: '/api/failing-statement-logged' });
      expect(logged.statusCode).toBe(200);
      const unavailable = await withoutDatabase.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        headers: { 'x-auth-token': token, 'x-request-id': 'sql-503' },
      });
      expect(unavailable.statusCode).toBe(503);
    } finally {
      await failing.close();
      await withoutDatabase.close();
    }

    const text = lines.join('\n');
    for (const value of [secret, token, hashToken(token)]) expect(text).not.toContain(value);
    const entries = lines.map((line) => JSON.parse(line));
    // The lines still say what failed: the statement (placeholders only) and PostgreSQL's code.
    const of500 = entries.find((entry) => entry.reqId === 'sql-500' && entry.msg === 'unhandled error');
    expect(of500.err).toMatchObject({ type: 'DrizzleQueryError', query: 'SELECT $1::int AS wrong' });
    expect(of500.err.cause).toMatchObject({ code: '22P02' });
    expect(of500.err.cause.message).toContain('[redacted]');
    // `request.log.error(error)`: the line's message is the statement without its parameters.
    const byLogError = entries.find((entry) => entry.level === 50 && entry.msg.startsWith('Failed query'));
    expect(byLogError).toMatchObject({
      msg: 'Failed query: SELECT $1::int AS wrong',
      err: { query: 'SELECT $1::int AS wrong' },
    });
    const of503 = entries.find((entry) => entry.reqId === 'sql-503' && entry.msg === 'database unavailable');
    expect(of503.level).toBe(40);
    expect(of503.err.message).toContain('Failed query');
  });

  it('removes secrets from logged addresses and keeps the rest', () => {
    expect(loggableUrl('/de/updatePassword/abc.def-1?x=1')).toBe('/de/updatePassword/[redacted]?x=1');
    expect(loggableUrl('/admin/updatePassword/abc')).toBe('/admin/updatePassword/[redacted]');
    expect(loggableUrl('/api/v1/x?token=abc&page=2&Password=p')).toBe(
      '/api/v1/x?token=[redacted]&page=2&Password=[redacted]',
    );
    expect(loggableUrl('/api/v1/flight/list?page=2')).toBe('/api/v1/flight/list?page=2');
    // Keys to a booking: the card result's guest key, manage my booking's access key and link key.
    expect(loggableUrl('/api/v1/transaction/123/reservation?guestKey=OrC9xIMk')).toBe(
      '/api/v1/transaction/123/reservation?guestKey=[redacted]',
    );
    expect(loggableUrl('/api/v1/public/reservation/manage?recordLocator=AB3K7Q&accessKey=z9')).toBe(
      '/api/v1/public/reservation/manage?recordLocator=AB3K7Q&accessKey=[redacted]',
    );
    expect(loggableUrl('/de/booking/manage?ref=AB3K7Q&key=z9')).toBe(
      '/de/booking/manage?ref=AB3K7Q&key=[redacted]',
    );
  });
});

describe('security headers', () => {
  it('answers the API with a deny-all policy, nosniff, no framing and no referrer to other sites', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/public/country/list' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only over TLS: a trusted proxy saying https, not an untrusted one', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https' };
    const untrusted = await t.request({ method: 'GET', url: '/api/health', headers: viaProxy });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const app = await buildApp({ database: t.database, config: { ...t.config, trustProxy: true } });
    try {
      const trusted = await app.inject({ method: 'GET', url: '/api/health', headers: viaProxy });
      expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it("allows the built site's inline scripts by hash, without 'unsafe-inline', on pages and errors", async () => {
    const siteDist = mkdtempSync(join(tmpdir(), 'flybook-csp-'));
    const island = '(()=>{self.Astro=1})();';
    const locale = 'var k="flybook.locale";';
    mkdirSync(join(siteDist, 'de'));
    writeFileSync(join(siteDist, 'index.html'), `<html><script>${island}</script><p>home</p></html>`);
    writeFileSync(
      join(siteDist, 'de', 'index.html'),
      `<html><script>${locale}</script><script type="module" src="/_site/a.js"></script></html>`,
    );
    writeFileSync(join(siteDist, '404.html'), '<html>not found</html>');
    const app = await buildApp({ database: t.database, config: t.config, siteDist });
    try {
      const home = await app.inject({ method: 'GET', url: '/' });
      const policy = String(home.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
      expect(scriptSrc?.sort()).toEqual(["'self'", cspHash(island), cspHash(locale)].sort());
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("form-action 'self'");
      const missing = await app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-security-policy']).toBe(policy);
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      rmSync(siteDist, { recursive: true, force: true });
    }
  });

  it('hashes an inline script as the browser does (SHA-256 of its exact text, base64)', () => {
    // The example of the CSP specification: `alert('Hello, world.');`.
    expect(cspHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });

  it('lets forms post to the real card provider only when one is configured', async () => {
    const config = {
      ...t.config,
      datatrans: { ...t.config.datatrans, simulated: false, payUrl: 'https://pay.sandbox.datatrans.com' },
    };
    const siteDist = mkdtempSync(join(tmpdir(), 'flybook-csp-'));
    writeFileSync(join(siteDist, 'index.html'), '<html>home</html>');
    const withSite = await buildApp({ database: t.database, config, siteDist });
    try {
      const page = await withSite.inject({ method: 'GET', url: '/' });
      expect(page.headers['content-security-policy']).toContain(
        "form-action 'self' https://pay.sandbox.datatrans.com",
      );
    } finally {
      await withSite.close();
      rmSync(siteDist, { recursive: true, force: true });
    }
  });
});
