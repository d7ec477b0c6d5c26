import { type ApiCall, ApiErrorBodySchema, allCalls, ERROR_CODES } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  type BadRequest,
  badRequests,
  type Expected,
  expectedOutcome,
  pathOf,
  queryOf,
  requiresId,
  shapeOf,
} from '../test/bad-input.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness.ts';

/**
 * Bad input against every declared call (docs/security.md, "Bad input"): generated from the
 * calls' zod schemas, sent as an admin (roles never hide a crash) and as anonymous. Every answer
 * is a 4xx in the error format, never a 5xx, and nothing is written. FUZZ_RUNS raises the number of
 * requests per call and caller for a deeper run; FUZZ_SEED repeats a run.
 */

const envNumber = (value: string | undefined) =>
  value !== undefined && /^-?\d+$/.test(value.trim()) ? Number(value) : undefined;
/** Requests per call and caller: 12 keep `npm test` short; FUZZ_RUNS=200 is a deep local run. */
const RUNS = Math.max(1, envNumber(process.env.FUZZ_RUNS) ?? 12);
const SEED = envNumber(process.env.FUZZ_SEED);
/** Anonymous callers of token-only calls are turned away before parsing: a few runs show it. */
const ANONYMOUS_USER_CALL_RUNS = Math.max(2, Math.round(RUNS / 4));

/**
 * Tables a refused request may change, and why: failed logins and recovery requests are counted
 * on purpose (rate limits); a session's expiry moves with its use (at most every 5 minutes).
 */
const MAY_CHANGE: Record<string, 'rows' | 'content'> = { rate_limits: 'rows', auth_tokens: 'content' };

/** Calls without ids that may be sent with a body their schema accepts: they only check and refuse. */
const SAFE_WHEN_ACCEPTED = new Set([
  'POST auth/token',
  'POST auth/recover-password/{locale}',
  'POST auth/update-password/{locale}',
]);

const nameOf = (call: ApiCall) => `${call.method} ${call.path}`;
const writes = allCalls().filter((call) => call.method !== 'GET');
const reads = allCalls().filter((call) => call.method === 'GET' && (call.params || call.query));

/** Made-up ids are enough to keep a request that the schemas accept from changing anything. */
const acceptedIsSafe = (call: ApiCall) =>
  call.method === 'GET' ||
  call.readOnly === true ||
  SAFE_WHEN_ACCEPTED.has(nameOf(call)) ||
  [call.params, call.query, call.body].some((part) => part !== undefined && requiresId(shapeOf(part)));

let t: TestApp;
let admin: string;
let tables: string[];

beforeAll(async () => {
  // Every request comes from one address: the keyed per-IP limit (a 429 before parsing) would
  // answer for the mirror's expected outcome once FUZZ_RUNS grows. keyed-calls.test.ts tests it.
  const defaults = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({
    rateLimits: { ...defaults.rateLimits, keyed: { max: 1_000_000, windowSeconds: 60 } },
  });
  admin = await t.login('admin');
  const result = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  tables = result.rows.map((row) => row.tablename);
});
afterAll(() => t.close());

/** Row count and the newest row version (a digest of what was written) of every table. */
async function snapshot(): Promise<Map<string, { rows: number; digest: string }>> {
  const query = tables
    .map(
      (table) =>
        // Any insert, update or delete leaves a row version with a newer transaction id (xmin).
        `select '${table}' as name, count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as digest from "${table}"`,
    )
    .join(' union all ');
  const result = (await t.database.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; rows: number; digest: string }[];
  };
  return new Map(result.rows.map((row) => [row.name, { rows: Number(row.rows), digest: row.digest }]));
}

/** Tables whose rows changed beyond what MAY_CHANGE allows. */
function changedTables(
  before: Awaited<ReturnType<typeof snapshot>>,
  after: Awaited<ReturnType<typeof snapshot>>,
) {
  const changed: string[] = [];
  for (const [table, was] of before) {
    const now = after.get(table);
    const allowed = MAY_CHANGE[table];
    if (allowed === 'rows') continue;
    if (now?.rows !== was.rows) changed.push(`${table}: ${was.rows} → ${now?.rows} rows`);
    else if (allowed !== 'content' && now.digest !== was.digest) changed.push(`${table}: rows changed`);
  }
  return changed;
}

function send(call: ApiCall, request: BadRequest, token: string | undefined) {
  const url = `/api/v1/${pathOf(call, request)}${queryOf(request.query)}`;
  return t.request({
    method: call.method,
    url,
    ...(token ? { token } : {}),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: request.contentType ? { 'content-type': request.contentType } : {},
  });
}

const TRANSPORT_STATUSES = [400, 413, 414, 415];

/** The answer a request must get, as a message when it does not. */
function verdict(call: ApiCall, expected: Expected, response: TestResponse): string | null {
  const { status, body } = response;
  if (status >= 500) return `answered ${status}`;
  if (expected.kind === 'accepted') {
    // A write to a record that does not exist is refused; a selection of made-up ids in a query or
    // body may be empty (a bulk action answers count 0) as long as nothing is written.
    if (status < 400) {
      return expected.pathId && call.method !== 'GET' && !call.readOnly
        ? `accepted a write to a record that does not exist (${status})`
        : null;
    }
  } else if (status < 400) {
    return `accepted bad input (${status}), expected a refusal (${expected.kind})`;
  }
  if (expected.kind === 'transport' && !TRANSPORT_STATUSES.includes(status))
    return `answered ${status} to an unreadable request`;
  if (expected.kind === 'unauthorized' && status !== 401) return `answered ${status} without a session`;
  if (expected.kind === 'invalid' && status !== 422)
    return `answered ${status} to a schema failure in ${expected.part}`;
  const format = ApiErrorBodySchema.strict().safeParse(body);
  if (!format.success || format.data.errors.length === 0)
    return `answered ${status} without the error format`;
  const unknown = format.data.errors.find(
    (error) => !(ERROR_CODES as readonly string[]).includes(error.code),
  );
  if (unknown) return `answered an unknown error code ${unknown.code}`;
  return null;
}

const describeRequest = (call: ApiCall, request: BadRequest) =>
  `${request.variant}: ${call.method} /api/v1/${pathOf(call, request)}${queryOf(request.query).slice(0, 300)} ` +
  `${request.contentType ?? ''} ${(request.payload ?? '').slice(0, 300)}`;

/** Sends `runs` bad requests for a call as one caller and checks every answer, then that nothing was written. */
async function fuzz(call: ApiCall, caller: 'admin' | 'anonymous', runs: number) {
  const token = caller === 'admin' ? admin : undefined;
  const safe = acceptedIsSafe(call);
  const sent: string[] = [];
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(badRequests(call, { plausibleAllowed: safe }), async (request) => {
      const expected = expectedOutcome(call, request, caller === 'anonymous');
      // A planted defect the schema happens to accept ('1e3' for an id) would be a real write.
      fc.pre(expected.kind !== 'unsafe' && (expected.kind !== 'accepted' || safe));
      const response = await send(call, request, token);
      sent.push(`${response.status} ${describeRequest(call, request).slice(0, 200)}`);
      const problem = verdict(call, expected, response);
      if (problem) {
        throw new Error(
          `${problem}\n${describeRequest(call, request)}\n→ ${JSON.stringify(response.body).slice(0, 500)}`,
        );
      }
    }),
    { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
  );
  const changed = changedTables(before, await snapshot());
  expect(
    changed,
    `rows written by refused requests to ${nameOf(call)} as ${caller}:\n${sent.join('\n')}`,
  ).toEqual([]);
}

describe('bad input to every write call', () => {
  it('covers every declared write call and watches every table', () => {
    expect(writes.length).toBeGreaterThan(60);
    expect(tables).toEqual(
      expect.arrayContaining(['reservations', 'balance_log_records', 'entity_log', 'users']),
    );
  });

  describe.each(writes.map((call) => [nameOf(call), call] as const))('%s', (_name, call) => {
    it('is refused with a 4xx in the error format and writes nothing, as an admin', async () => {
      await fuzz(call, 'admin', RUNS);
    });
    it('is refused with a 4xx in the error format and writes nothing, as anonymous', async () => {
      await fuzz(call, 'anonymous', call.auth === 'user' ? ANONYMOUS_USER_CALL_RUNS : RUNS);
    });
  });
});

describe('bad query strings and paths to every read call', () => {
  describe.each(reads.map((call) => [nameOf(call), call] as const))('%s', (_name, call) => {
    it('never answers 5xx and writes nothing, as an admin', async () => {
      await fuzz(call, 'admin', Math.max(2, Math.round(RUNS / 2)));
    });
  });
});
