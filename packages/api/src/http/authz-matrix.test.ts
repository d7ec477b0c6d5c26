import { allOf, anyOf, type PermissionRule, satisfies } from '@flybook/domain';
import { type ApiCall, allCalls } from '@flybook/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthzFixture, CALLERS, type Caller, createAuthzFixture } from '../test/authz-fixture.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness.ts';

/**
 * The authorization matrix (docs/security.md, "Authorization"): every call declared in `schemas/`
 * (from `allCalls()`, so a new call is covered with no change here) as anonymous, a customer, an
 * agent, a manager, a user with no roles at all, and an admin. The answer must follow the call's
 * declaration: a session call answers anonymous 401; a caller without the declared roles 403; a
 * caller with them anything but 401 or 403 (a 404 or 422 for a made-up id or an empty body only
 * shows the role check was passed). Calls that declare no roles decide in the service who may
 * (the person themself, or staff with a role); SERVICE_RULES says who, per call, and a caller
 * outside it must get 403 or 404.
 *
 * Reads get real demo ids (a flight, a reservation of the customer, the agent's allotment invoice)
 * so most of them answer 200. Writes get made-up ids and empty bodies, so nothing changes.
 */

const nameOf = (call: ApiCall) => `${call.method} ${call.path}`;

/** Ids no record has: a write with it passes the role check and then finds nothing. */
const MISSING = 424_242;

interface Who {
  caller: Exclude<Caller, 'anonymous'>;
  id: number;
  roles: ReadonlySet<string>;
}

const role = (rule: PermissionRule) => (who: Who) => satisfies(who.roles, rule);
const anyone = () => true;
const self = (caller: Who['caller']) => (who: Who) => who.caller === caller;
const either =
  (...rules: ((who: Who) => boolean)[]) =>
  (who: Who) =>
    rules.some((rule) => rule(who));

/** Staff who read any reservation (reservation-access.ts); owners read their own. */
const RESERVATION_READER = either(
  self('customer'),
  role(allOf('ROLE_RESERVATION_READ', 'ROLE_RESERVATION_LIST')),
);

/**
 * Calls that declare no roles: who may, as the services decide. The target of each is the demo
 * user of the kind in question (the customer's own reservation, the demo agent...), so `self`
 * means the caller asks for their own record.
 */
const SERVICE_RULES: Record<string, (who: Who) => boolean> = {
  'DELETE auth/token': anyone,
  'GET user/me': anyone,
  'GET country/entire-list': anyone,
  'GET tariff-group/entire-list': anyone,
  'GET option/entire-list': anyone,
  'GET option/type/entire-list': anyone,
  'GET user/me/reservation/list': anyone,
  'GET agent/{id}': either(self('agent'), role('ROLE_AGENT_READ')),
  'PUT agent/{id}': either(self('agent'), role(allOf('ROLE_AGENT_UPDATE', 'ROLE_AGENT_UPDATE_FORM'))),
  'GET customer/{id}': either(self('customer'), role('ROLE_CUSTOMER_READ')),
  'PUT customer/{id}': either(self('customer'), role('ROLE_CUSTOMER_UPDATE')),
  'GET manager/{id}': either(self('manager'), role('ROLE_MANAGER_READ')),
  'PUT manager/{id}': either(self('manager'), role('ROLE_MANAGER_EDIT')),
  'GET user/{id}/account': either(
    self('customer'),
    role(anyOf('ROLE_USER_READ_ACCOUNT', 'ROLE_ACCOUNT_LIST')),
  ),
  'GET reservation/{id}': RESERVATION_READER,
  'GET reservation/{id}/ticket/pdf/{locale}': RESERVATION_READER,
  'GET reservation/{id}/invoice/pdf/{locale}': RESERVATION_READER,
  'GET reservation/{id}/overview/pdf/{locale}': RESERVATION_READER,
  'GET reservation/{id}/credit-note/pdf/{locale}': RESERVATION_READER,
  // A made-up transaction: everyone logged in gets 404 (authz-idor.test.ts calls real ones).
  'POST payment/datatrans/transaction/confirm': anyone,
  'POST payment/datatrans/transaction/update': anyone,
  'GET payment/datatrans/transaction/{id}': anyone,
  // The category's own role decides (balance-log.service BASIC_RULES); the empty body is refused first.
  'POST payment/free/basic': anyone,
};

let t: TestApp;
let f: AuthzFixture;
/** The demo records of each kind, as admin reads them: what a PUT of the same record sends back. */
const current: Record<string, unknown> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await createAuthzFixture(t);
  const admin = f.people.admin.token;
  for (const kind of ['agent', 'customer', 'manager'] as const) {
    const { body } = await t.api('GET', `${kind}/${f.people[kind].id}`, admin);
    current[kind] = body;
  }
});
const statuses: Record<string, number> = {};
afterAll(async () => {
  if (process.env.AUTHZ_STATS) console.log(JSON.stringify(statuses, null, 1));
  await t.close();
});

/** The demo record a path id names for a read; writes get MISSING unless they resend a record. */
function pathValue(call: ApiCall, name: string): string {
  const path = call.path;
  if (name === 'locale') return 'en';
  if (name === 'status') return 'closed';
  if (path.includes('transaction/')) {
    if (name === 'reservationId') return String(f.customerReservation.reservationId);
    return 'T424242';
  }
  const read = call.method === 'GET' || /^PUT (agent|customer|manager)\/\{id\}$/.test(nameOf(call));
  if (!read) return String(MISSING);
  if (name === 'flightId') return String(f.flightId);
  const [area] = path.split('/');
  switch (area) {
    case 'user':
      return String(f.people.customer.id);
    case 'agent':
      return path.startsWith('agent/allotment')
        ? String(f.agentAllotmentInvoiceId)
        : String(f.people.agent.id);
    case 'customer':
      return String(f.people.customer.id);
    case 'manager':
      return String(f.people.manager.id);
    case 'flight':
    case 'public':
      return String(f.flightId);
    case 'reservation':
      return String(f.customerReservation.reservationId);
    case 'allotment':
      return path.includes('/agent/') ? String(f.people.agent.id) : String(f.agentAllotmentInvoiceId);
    case 'balance-log':
      return String(f.balanceLogRecordId);
    default:
      // flight-company, aircraft-template-generic, rate, option: the first of the catalogue.
      return '1';
  }
}

/** Query strings that make the list reads give 200 rather than 422. */
const QUERIES: Record<string, string> = {
  'GET public/flight/list': 'departureDate=2031-05-05&fromAirportCode=ZRH&passengersAges[]=adult',
  'GET flight/{flightId}/passenger/list/pnl-external': '',
};

const REQUIRED_FILL = {
  salutation: 'mr',
  street: 'Langstrasse 10',
  zip: '8004',
  city: 'Zürich',
  birthday: '1978-09-30',
  phoneMobile: '+41 79 555 12 34',
};

function bodyOf(call: ApiCall): unknown {
  const name = nameOf(call);
  const resend = /^PUT (agent|customer|manager)\/\{id\}$/.exec(name);
  if (resend) {
    const { balance: _b, accountId: _a, ...record } = current[resend[1]!] as Record<string, unknown>;
    // The demo agent's profile lacks address fields its form requires: filled in, so the body is valid.
    const filled = Object.entries(REQUIRED_FILL).filter(
      ([field]) => field in record && record[field] == null,
    );
    return { ...record, ...Object.fromEntries(filled) };
  }
  return call.method === 'GET' ? undefined : {};
}

async function send(call: ApiCall, caller: Caller): Promise<TestResponse> {
  let token = caller === 'anonymous' ? undefined : f.people[caller].token;
  // Logging out must not end the session the other tests use.
  if (nameOf(call) === 'DELETE auth/token' && caller !== 'anonymous') {
    const login = {
      admin: 'admin',
      manager: 'manager',
      agent: 'agent',
      customer: 'customer',
      noRoles: 'no.roles@example.test',
    }[caller];
    token = await t.login(login, caller === 'noRoles' ? 'no-roles-pass' : undefined);
  }
  const path = call.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValue(call, name)),
  );
  const query = QUERIES[nameOf(call)];
  const body = bodyOf(call);
  return t.api(call.method, `${path}${query ? `?${query}` : ''}`, token, body);
}

type Verdict = { allowed: true } | { allowed: false; statuses: number[] };

/**
 * Public calls that an access key opens (manage my booking, docs/booking-manage.md): without one,
 * as here, they need a session and follow SERVICE_RULES like a user call.
 */
const SESSION_UNLESS_KEYED = new Set([
  'GET reservation/{id}/ticket/pdf/{locale}',
  'GET reservation/{id}/invoice/pdf/{locale}',
]);

/** What the declaration (or SERVICE_RULES) says the caller gets. */
function expected(call: ApiCall, caller: Caller): Verdict {
  if (call.auth === 'public' && !SESSION_UNLESS_KEYED.has(nameOf(call))) return { allowed: true };
  if (caller === 'anonymous') return { allowed: false, statuses: [401] };
  const who: Who = { caller, id: f.people[caller].id, roles: f.people[caller].roles };
  if (call.roles !== undefined)
    return satisfies(who.roles, call.roles) ? { allowed: true } : { allowed: false, statuses: [403] };
  const rule = SERVICE_RULES[nameOf(call)];
  if (!rule) throw new Error(`${nameOf(call)} declares no roles and has no SERVICE_RULES entry`);
  return rule(who) ? { allowed: true } : { allowed: false, statuses: [403, 404] };
}

const calls = allCalls();

describe('authorization matrix', () => {
  it('covers every declared call, and every call without roles has a service rule', () => {
    expect(calls.length).toBeGreaterThan(140);
    const unruled = calls
      .filter((call) => call.auth === 'user' && call.roles === undefined)
      .map(nameOf)
      .filter((name) => !(name in SERVICE_RULES));
    expect(unruled).toEqual([]);
    const stale = Object.keys(SERVICE_RULES).filter((name) => !calls.some((call) => nameOf(call) === name));
    expect(stale).toEqual([]);
  });

  it('has callers that differ: the role-less user holds nothing, the customer no staff role', () => {
    expect(f.people.noRoles.roles.size).toBe(0);
    expect(satisfies(f.people.customer.roles, 'ROLE_RESERVATION_LIST')).toBe(false);
    expect(satisfies(f.people.agent.roles, 'ROLE_FLIGHT_LIST')).toBe(false);
    expect(satisfies(f.people.manager.roles, 'ROLE_ADMIN')).toBe(false);
    expect(f.people.admin.roles.has('ROLE_ADMIN')).toBe(true);
  });

  describe.each(calls.map((call) => [nameOf(call), call] as const))('%s', (_name, call) => {
    it.each(CALLERS.map((caller) => [caller]))('as %s', async (caller) => {
      const verdict = expected(call, caller);
      const response = await send(call, caller);
      statuses[`${caller} ${response.status}`] = (statuses[`${caller} ${response.status}`] ?? 0) + 1;
      const answer = `${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
      expect(response.status, answer).toBeLessThan(500);
      if (verdict.allowed) {
        expect([401, 403], `allowed, but ${answer}`).not.toContain(response.status);
      } else {
        expect(
          verdict.statuses,
          `refused with ${verdict.statuses.join('/')} expected, got ${answer}`,
        ).toContain(response.status);
      }
    });
  });
});
