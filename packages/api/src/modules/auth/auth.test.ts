import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { outbox, recoveryTokens, users } from '../../db/schema/index.ts';
import { ValidationError } from '../../http/api-error.ts';
import { hashPassword, hashToken } from '../../platform/secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAuthService } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      login: { max: 4, windowSeconds: 300 },
      recovery: { max: 3, windowSeconds: 900 },
      keyed: { max: 120, windowSeconds: 60 },
    },
  });
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/v1/auth/token', payload: payload as object, headers });

/** The newest recovery e-mail to an address, from the outbox as the dev endpoint shows it. */
async function recoveryMail(email: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/dev/outbox?recipient=${encodeURIComponent(email)}`,
  });
  const mail = response.body.items[0];
  const token = /\/updatePassword\/([\w-]+)/.exec(mail.body)?.[1];
  return { mail, token: token! };
}

describe('login', () => {
  it('answers a token for the right password and the user behind it on user/me', async () => {
    const response = await login({ login: 'manager@flybook.test', password: 'flybook-demo' });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[\w-]{40,}$/);
    const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'manager@flybook.test',
      type: 'manager',
      displayName: 'Mira Krasniqi',
    });
    expect(me.body.roles).toContain('ROLE_FLIGHT_LIST');
  });

  it('accepts the e-mail in any letter case', async () => {
    const response = await login({ login: 'Customer@Flybook.TEST', password: 'flybook-demo' });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the spec message', async () => {
    const response = await login(
      { login: 'agent@flybook.test', password: 'wrong-password' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    expect(response.status).toBe(401);
    expect(response.body.errors[0]).toEqual({
      code: 'ERROR_BAD_CREDENTIALS',
      message: 'Please enter a correct email and password.',
    });
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const response = await login({ login: 'nobody@flybook.test', password: 'flybook-demo' });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('ERROR_BAD_CREDENTIALS');
  });

  it('rejects fields of only spaces with "Value should not be empty string." per field', async () => {
    const response = await login({ login: '   ', password: ' ' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.', field: 'login' },
        { code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.', field: 'password' },
      ]),
    );
  });

  it('rejects missing fields as required and unreadable JSON as 400', async () => {
    const missing = await login({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['login', 'ERROR_REQUIRED'],
      ['password', 'ERROR_REQUIRED'],
    ]);
    const broken = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].code).toBe('ERROR_MALFORMED_REQUEST');
  });
});

describe('sessions and roles', () => {
  it('answers 401 to a call without token and to an unknown token', async () => {
    const none = await t.request({ method: 'GET', url: '/api/v1/user/me' });
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('ERROR_UNAUTHORIZED');
    const unknown = await t.request({ method: 'GET', url: '/api/v1/user/me', token: 'not-a-session' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]).toEqual({
      code: 'ERROR_SESSION_EXPIRED',
      message: 'The session has expired. Login again.',
    });
  });

  it('answers 403 to a role that is too weak and 200 to one that is enough', async () => {
    const agent = await t.login('agent');
    const forbidden = await t.request({ method: 'GET', url: '/api/v1/user/list', token: agent });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0].code).toBe('ERROR_FORBIDDEN');
    const admin = await t.login('admin');
    const allowed = await t.request({ method: 'GET', url: '/api/v1/user/list', token: admin });
    expect(allowed.status).toBe(200);
  });

  it('ends the session on logout', async () => {
    const token = await t.login('customer');
    const out = await t.request({ method: 'DELETE', url: '/api/v1/auth/token', token });
    expect(out.status).toBe(204);
    expect(out.body).toBe('');
    const after = await t.request({ method: 'GET', url: '/api/v1/user/me', token });
    expect(after.status).toBe(401);
  });

  it('does not accept an expired session', async () => {
    const token = await t.login('manager');
    await t.database.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute'`);
    const response = await t.request({ method: 'GET', url: '/api/v1/user/me', token });
    expect(response.status).toBe(401);
  });
});

describe('password recovery', () => {
  const recover = (email: string, locale = 'en') =>
    t.request({ method: 'POST', url: `/api/v1/auth/recover-password/${locale}`, payload: { email } });
  const update = (payload: object, locale = 'en') =>
    t.request({ method: 'POST', url: `/api/v1/auth/update-password/${locale}`, payload });
  let firstLink = '';
  let secondLink = '';

  it('answers 422 "User is not registered yet" on the e-mail field for an unknown address', async () => {
    const response = await recover('stranger@example.com');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { code: 'ERROR_USER_NOT_REGISTERED', message: 'User is not registered yet', field: 'email' },
    ]);
  });

  it('sends a link through the outbox that sets a new password once, ending old sessions', async () => {
    const oldSession = await t.login('customer');
    expect((await recover('customer@flybook.test', 'de')).status).toBe(204);
    const { mail, token } = await recoveryMail('customer@flybook.test');
    expect(mail).toMatchObject({ channel: 'email', template: 'password-recovery', status: 'pending' });
    expect(mail.subject).toBe('Flybook-Passwort zurücksetzen');
    expect(mail.body).toContain(`http://flybook.test/de/updatePassword/${token}`);

    const mismatch = await update({
      recoveryToken: token,
      password: 'new-secret-1',
      passwordConfirm: 'other-secret',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual([
      { code: 'ERROR_NOT_EQUAL_PASSWORD', message: 'Should be equal to password', field: 'passwordConfirm' },
    ]);

    const done = await update({
      recoveryToken: token,
      password: 'new-secret-1',
      passwordConfirm: 'new-secret-1',
    });
    expect(done.status).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/v1/user/me', token: oldSession })).status).toBe(401);
    expect((await login({ login: 'customer@flybook.test', password: 'flybook-demo' })).status).toBe(401);
    expect((await login({ login: 'customer@flybook.test', password: 'new-secret-1' })).status).toBe(200);

    const again = await update({
      recoveryToken: token,
      password: 'third-secret',
      passwordConfirm: 'third-secret',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      code: 'ERROR_RECOVERY_TOKEN_INVALID',
      message: 'Recovery token expired or invalid.',
    });
  });

  it('refuses a blank, short, own-e-mail (or its local part) or common new password and keeps the link usable', async () => {
    // The customer's password was changed above; two more links (the address's limit is 3).
    expect((await recover('customer@flybook.test')).status).toBe(204);
    firstLink = (await recoveryMail('customer@flybook.test')).token;
    expect((await recover('customer@flybook.test')).status).toBe(204);
    secondLink = (await recoveryMail('customer@flybook.test')).token;
    expect(secondLink).not.toBe(firstLink);
    const refused: [string, string][] = [
      ['          ', 'ERROR_NOT_BLANK'],
      ['Customer@Flybook.test', 'ERROR_PASSWORD_IS_EMAIL'],
      ['CUSTOMER', 'ERROR_PASSWORD_IS_EMAIL'],
      ['Tirana1', 'ERROR_MIN_LENGTH'],
      ['Password1', 'ERROR_PASSWORD_TOO_COMMON'],
      ['iloveyou', 'ERROR_PASSWORD_TOO_COMMON'],
    ];
    for (const [password, code] of refused) {
      const response = await update({ recoveryToken: secondLink, password, passwordConfirm: password });
      expect(response.status, password).toBe(422);
      expect(response.body.errors, password).toEqual([expect.objectContaining({ code, field: 'password' })]);
    }
    const common = await update({
      recoveryToken: secondLink,
      password: 'Password1',
      passwordConfirm: 'Password1',
    });
    expect(common.body.errors[0].message).toBe('This password is too common. Please choose another one.');
    expect((await login({ login: 'customer@flybook.test', password: 'Password1' })).status).toBe(401);
  });

  it('ends every other open recovery link of the user when one of them sets a new password', async () => {
    const used = await update({
      recoveryToken: secondLink,
      password: 'Prishtina by night',
      passwordConfirm: 'Prishtina by night',
    });
    expect(used.status).toBe(204);
    const stale = await update({
      recoveryToken: firstLink,
      password: 'Skopje-2031!',
      passwordConfirm: 'Skopje-2031!',
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual([
      {
        code: 'ERROR_RECOVERY_TOKEN_INVALID',
        message: 'Recovery token expired or invalid.',
        field: 'recoveryToken',
      },
    ]);
    expect((await login({ login: 'customer@flybook.test', password: 'Skopje-2031!' })).status).toBe(401);
    expect((await login({ login: 'customer@flybook.test', password: 'Prishtina by night' })).status).toBe(
      200,
    );
  });

  it('refuses an expired recovery token and keeps the password', async () => {
    expect((await recover('manager@flybook.test')).status).toBe(204);
    const { token } = await recoveryMail('manager@flybook.test');
    await t.database.db
      .update(recoveryTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`used_at IS NULL`);
    const response = await update({
      recoveryToken: token,
      password: 'new-secret-2',
      passwordConfirm: 'new-secret-2',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].code).toBe('ERROR_RECOVERY_TOKEN_INVALID');
    expect((await login({ login: 'manager@flybook.test', password: 'flybook-demo' })).status).toBe(200);
  });

  it('stores only a hash of the recovery token', async () => {
    const { token } = await recoveryMail('manager@flybook.test');
    const rows = await t.database.db.select().from(recoveryTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'manager@flybook.test'));
    expect(mails).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after LOGIN_RATE_MAX failures of one account from one address, across two server instances', async () => {
    const other = await t.secondInstance();
    const attempt = (i: number) => {
      const payload = { login: 'admin@flybook.test', password: `wrong-${i}` };
      return i % 2 === 0
        ? login(payload)
        : other
            .inject({ method: 'POST', url: '/api/v1/auth/token', payload })
            .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));
    };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await attempt(i));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429, 429]);
    for (const refused of answers.slice(4)) {
      expect(refused.body.errors[0]).toMatchObject({
        code: 'ERROR_RATE_LIMITED',
        params: { retryAfterSeconds: 1 },
      });
      expect(refused.headers['retry-after']).toBe('1');
    }
    // The address that failed waits, even with the right password: a throttled try checks nothing.
    const blocked = await login({ login: 'admin@flybook.test', password: 'flybook-demo' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].code).toBe('ERROR_RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('limits recovery requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await t.request({
            method: 'POST',
            url: '/api/v1/auth/recover-password/en',
            payload: { email: 'agent@flybook.test' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});

describe('login throttling never locks out the right password', () => {
  const from = (address: string, payload: { login: string; password: string }) =>
    t.request({ method: 'POST', url: '/api/v1/auth/token', payload, remoteAddress: address });
  /** Moves the last failure of an account from an address back by `seconds`, as if time passed. */
  const age = (address: string, account: string, seconds: number) =>
    t.database.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - make_interval(secs => ${seconds}) WHERE key = ${`login:pair:ip:${address}:${account}`}`,
    );

  it("lets the owner in from another address while an attacker's address is throttled, and answers the attacker 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await from('10.20.0.1', { login: 'manager@flybook.test', password: `guess-${i}` })).status,
      );
    }
    // LOGIN_RATE_MAX (4 here) wrong passwords are checked; after that the address must wait.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);

    const owner = await from('10.20.0.2', { login: 'manager@flybook.test', password: 'flybook-demo' });
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));

    const attacker = await from('10.20.0.1', { login: 'manager@flybook.test', password: 'flybook-demo' });
    expect(attacker.status).toBe(429);
    expect(attacker.body).toEqual({
      errors: [
        {
          code: 'ERROR_RATE_LIMITED',
          message: 'Too many attempts. Please wait and try again.',
          params: { retryAfterSeconds: expect.any(Number) },
        },
      ],
    });
    expect(attacker.headers['retry-after']).toBe(String(attacker.body.errors[0].params.retryAfterSeconds));
  });

  it('doubles the wait with every further failure, up to LOGIN_RATE_WINDOW', async () => {
    const address = '10.21.0.1';
    const account = 'agent@flybook.test';
    const wrong = () => from(address, { login: account, password: 'not-it-at-all' });
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await wrong();
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // Once the wait has passed, the next try is checked again (and fails again).
      await age(address, account, wait);
      expect((await wrong()).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    await age(address, account, 3600);
    expect((await wrong()).status).toBe(401);
    // 13 failures: 2^(13 - 4) = 512 s, capped at the window of 300 s.
    for (let i = 0; i < 4; i++) {
      await age(address, account, 3600);
      await wrong();
    }
    expect((await wrong()).headers['retry-after']).toBe('300');
    // After the wait, the right password gets in and the count starts again.
    await age(address, account, 300);
    expect((await from(address, { login: account, password: 'flybook-demo' })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
  });

  it('does not count successful logins: an office behind one address logs in as often as it needs', async () => {
    const office = '10.22.0.1';
    // More than the address's failure budget (5 × 4 = 20) and more than LOGIN_RATE_MAX per account.
    for (let i = 0; i < 24; i++) {
      const who = ['agent', 'manager', 'admin'][i % 3];
      const response = await from(office, { login: `${who}@flybook.test`, password: 'flybook-demo' });
      expect(response.status, `login ${i}`).toBe(200);
    }
    // A success also forgets the account's earlier failures from that address.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) {
        expect((await from(office, { login: 'agent@flybook.test', password: 'typo-typo' })).status).toBe(401);
      }
      expect((await from(office, { login: 'agent@flybook.test', password: 'flybook-demo' })).status).toBe(
        200,
      );
    }
  });

  it("holds one address to a failure budget across accounts, without touching other addresses' logins", async () => {
    const sprayer = '10.23.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await from(sprayer, { login: `someone-${i}@example.test`, password: 'flybook-demo' })).status,
      );
    }
    // 5 × LOGIN_RATE_MAX = 20 failures per window, one per account (each account far below its own limit).
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const spent = await from(sprayer, { login: 'agent@flybook.test', password: 'flybook-demo' });
    expect(spent.status).toBe(429);
    const retryAfter = Number(spent.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(250);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect((await from('10.23.0.2', { login: 'agent@flybook.test', password: 'flybook-demo' })).status).toBe(
      200,
    );
  });

  it('lets parallel guesses past the limit no more than sequential ones', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from('10.24.0.1', { login: 'customer@flybook.test', password: `parallel-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
  });
});

describe('sessions without cookies', () => {
  // Each login from an address of its own, apart from the failures of 127.0.0.1 above.
  let client = 0;
  const loginAs = async (who: string) => {
    client += 1;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: `${who}@flybook.test`, password: 'flybook-demo' },
      remoteAddress: `10.7.0.${client}`,
    });
    expect(response.status).toBe(200);
    return response.body as { token: string };
  };

  it('answers the token in the body and sets no cookie', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: 'agent@flybook.test', password: 'flybook-demo' },
      remoteAddress: '10.7.1.1',
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[\w-]{43}$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: response.body.token });
    expect(me.headers['set-cookie']).toBeUndefined();
  });

  it('revokes only the token that logs out, on every instance', async () => {
    const { token: first } = await loginAs('agent');
    const { token: second } = await loginAs('agent');
    expect((await t.request({ method: 'DELETE', url: '/api/v1/auth/token', token: first })).status).toBe(204);
    const other = await t.secondInstance();
    const onOther = await other.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { 'x-auth-token': first },
    });
    expect(onOther.statusCode).toBe(401);
    expect(onOther.json().errors[0].code).toBe('ERROR_SESSION_EXPIRED');
    expect((await t.request({ method: 'GET', url: '/api/v1/user/me', token: second })).status).toBe(200);
  });

  it('answers 401 ERROR_SESSION_EXPIRED to a token past its expiry, and keeps it expired', async () => {
    const { token } = await loginAs('agent');
    await t.database.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`,
    );
    for (let i = 0; i < 2; i++) {
      const response = await t.request({ method: 'GET', url: '/api/v1/user/me', token });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('ERROR_SESSION_EXPIRED');
    }
  });
});

describe('password hashes', () => {
  // OWASP Password Storage Cheat Sheet: argon2id with one of these (memory KiB, iterations), p = 1.
  const OWASP_MINIMA = [
    [47104, 1],
    [19456, 2],
    [12288, 3],
    [9216, 4],
    [7168, 5],
  ];

  it("stores every password as argon2id at or above one of OWASP's minimum settings", async () => {
    const rows = await t.database.db.select({ hash: users.passwordHash }).from(users);
    const hashes = rows.map((row) => row.hash).filter((hash): hash is string => hash !== null);
    hashes.push(await hashPassword('a-new-password'));
    expect(hashes.length).toBeGreaterThan(4);
    for (const hash of hashes) {
      const match =
        /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]{22,}\$[A-Za-z0-9+/]{43,}$/.exec(hash);
      expect(match, hash).not.toBeNull();
      const [memory, iterations, parallelism] = match!.slice(1).map(Number) as [number, number, number];
      expect(parallelism).toBeGreaterThanOrEqual(1);
      expect(
        OWASP_MINIMA.some(([m, t]) => memory >= m! && iterations >= t!),
        hash,
      ).toBe(true);
    }
  });
});

describe('password recovery for unknown addresses', () => {
  /** The auth service over a database that records every statement it sends. */
  function recordingAuth() {
    const statements: { query: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
    const { database } = t;
    const client = (database.db as unknown as { $client: never }).$client;
    const db = (database.kind === 'pglite'
      ? drizzlePglite(client, { schema, logger })
      : drizzlePg(client, { schema, logger })) as unknown as Db;
    const generous = { max: 1000, windowSeconds: 900 };
    const auth = createAuthService(db, {
      ...t.config,
      rateLimits: { login: generous, recovery: generous, keyed: generous },
    });
    return { auth, statements };
  }

  it('does the same work for an unknown address as for a known one: token, hash, e-mail, same statements', async () => {
    const { auth, statements } = recordingAuth();
    const run = async (email: string) => {
      statements.length = 0;
      const outcome = await auth.recoverPassword(email, 'en', '10.0.0.9').then(
        () => 'sent',
        (error: unknown) => (error instanceof ValidationError ? error.items[0]?.code : String(error)),
      );
      return { outcome, statements: [...statements] };
    };
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    const known = await run('admin@flybook.test');
    const unknown = await run('nobody.here@example.com');
    expect(known.outcome).toBe('sent');
    expect(unknown.outcome).toBe('ERROR_USER_NOT_REGISTERED');

    // The same statements in the same order: rate limits, the lookup, and the one write.
    expect(unknown.statements.map((s) => s.query)).toEqual(known.statements.map((s) => s.query));
    expect(known.statements.length).toBeGreaterThanOrEqual(4);
    // Both paths made a token, hashed it (SHA-256) and wrote the e-mail with the link.
    for (const path of [known, unknown]) {
      const write = path.statements.find((statement) => /insert into "outbox"/i.test(statement.query))!;
      expect(write).toBeDefined();
      expect(write.params.some((param) => typeof param === 'string' && /^[0-9a-f]{64}$/.test(param))).toBe(
        true,
      );
      expect(
        write.params.some((param) => typeof param === 'string' && /\/updatePassword\/[\w-]{43}/.test(param)),
      ).toBe(true);
    }
    // Only the known address got a mail.
    const mails = await t.database.db.select().from(outbox);
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.some((mail) => mail.recipient === 'nobody.here@example.com')).toBe(false);
  });
});
