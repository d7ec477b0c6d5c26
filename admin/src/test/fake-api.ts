import type { AccountSchema, ApiErrorItem, MeSchema } from '@flybook/schemas';
import type { z } from 'zod';
import { createFakeCatalogue, type FakeCatalogue, handleCatalogue } from './fake-catalogue.ts';
import { handleFlightForm } from './fake-flight-form.ts';
import { createFakeFlights, type FakeFlights, handleFlights } from './fake-flights.ts';

type Me = z.input<typeof MeSchema>;
type Account = z.input<typeof AccountSchema>;

export const DEMO_PASSWORD = 'flybook-demo';

/** Demo users shaped like `GET user/me` answers; roles as the seed's groups give them. */
export const USERS = {
  admin: {
    id: 1,
    type: 'admin',
    displayName: 'Ada Admin',
    email: 'admin@flybook.test',
    birthday: null,
    language: 'en',
    roles: ['ROLE_ADMIN'],
    accountId: 11,
  },
  manager: {
    id: 2,
    type: 'manager',
    displayName: 'Mira Krasniqi',
    email: 'manager@flybook.test',
    birthday: null,
    language: 'de',
    roles: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_COMPANY_LIST', 'ROLE_MANAGER_LIST', 'ROLE_AGENT_LIST'],
    accountId: 12,
  },
  agent: {
    id: 3,
    type: 'agent',
    displayName: 'Alpen Reisen GmbH',
    email: 'agent@flybook.test',
    birthday: null,
    language: 'de',
    roles: [
      'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
      'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
      'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
      'ROLE_RESERVATION_READ',
    ],
    accountId: 13,
  },
  customer: {
    id: 4,
    type: 'customer',
    displayName: 'Arben Berisha',
    email: 'customer@flybook.test',
    birthday: '1990-04-01',
    language: 'sq',
    roles: ['ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST'],
    accountId: 14,
  },
} satisfies Record<string, Me>;

export type DemoUser = keyof typeof USERS;
export const DEMO_USERS: readonly DemoUser[] = ['admin', 'manager', 'agent', 'customer'];

export const tokenOf = (user: DemoUser) => `token-${user}`;

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  token: string | null;
  /** The Idempotency-Key a money action sent, if any. */
  idempotencyKey: string | null;
}

export interface FakeApiOptions {
  /** Balances by user id in CHF; a user without one gets 403 on their account (balance not readable). */
  balances?: Record<number, number>;
  /** Tokens the server no longer accepts (an expired session). */
  expiredTokens?: string[];
  /** Roles a demo user has instead of the usual ones (e.g. a manager without ROLE_RATE_CREATE). */
  roles?: Partial<Record<DemoUser, string[]>>;
  /** Airline companies, rates and options the API holds (a fresh demo set by default). */
  catalogue?: FakeCatalogue;
  /** Flights, airports and tariff groups of the flight list (a fresh demo set by default). */
  flights?: FakeFlights;
  /** Extra handlers tried first: return a Response to answer, or undefined to fall through. */
  handle?: (request: FakeRequest) => Response | Promise<Response | undefined> | undefined;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);

/**
 * A stand-in for the API server that answers like the real one (schema-shaped JSON, the error body of
 * DESIGN §3), for component tests. Every request is recorded in `requests`.
 */
export function createFakeApi(options: FakeApiOptions = {}) {
  const requests: FakeRequest[] = [];
  const expired = new Set(options.expiredTokens ?? []);
  const catalogue = options.catalogue ?? createFakeCatalogue();
  const flights = options.flights ?? createFakeFlights();
  const userByToken = (token: string | null) => {
    const name = DEMO_USERS.find(
      (candidate) => token !== null && !expired.has(token) && tokenOf(candidate) === token,
    );
    return name ? { ...USERS[name], roles: options.roles?.[name] ?? USERS[name].roles } : undefined;
  };

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const headers = new Headers(init?.headers);
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: headers.get('X-AUTH-TOKEN'),
      idempotencyKey: headers.get('Idempotency-Key'),
    };
    requests.push(request);
    const custom = await options.handle?.(request);
    if (custom) return custom;

    const { method, path, body } = request;
    if (method === 'POST' && path === 'auth/token') {
      const login = typeof body === 'object' && body && 'login' in body ? body.login : null;
      const password = typeof body === 'object' && body && 'password' in body ? body.password : null;
      const name = DEMO_USERS.find((candidate) => USERS[candidate].email === login);
      if (!name || password !== DEMO_PASSWORD) {
        return fail(401, {
          code: 'ERROR_BAD_CREDENTIALS',
          message: 'Please enter a correct email and password.',
        });
      }
      return json({ token: tokenOf(name) });
    }
    const recover = /^auth\/recover-password\/(de|en|fr|sq)$/.exec(path);
    if (method === 'POST' && recover) {
      const email = typeof body === 'object' && body && 'email' in body ? body.email : null;
      if (!Object.values(USERS).some((user) => user.email === email)) {
        return fail(422, {
          code: 'ERROR_USER_NOT_REGISTERED',
          message: 'User is not registered yet',
          field: 'email',
        });
      }
      return new Response(null, { status: 204 });
    }

    const user = userByToken(request.token);
    if (!user) return fail(401, { code: 'ERROR_UNAUTHORIZED', message: 'Authentication required.' });
    if (method === 'DELETE' && path === 'auth/token') return new Response(null, { status: 204 });
    if (method === 'GET' && path === 'user/me') return json(user);
    const account = /^user\/(\d+)\/account$/.exec(path);
    if (method === 'GET' && account) {
      const balance = options.balances?.[user.id];
      if (Number(account[1]) !== user.id || balance === undefined) {
        return fail(403, { code: 'ERROR_FORBIDDEN', message: "You don't have permissions for this call." });
      }
      const { language: _language, roles: _roles, accountId: _accountId, ...info } = user;
      const body: Account = {
        id: user.accountId,
        displayName: user.displayName,
        balance,
        creditLimitTotalAmount: 0,
        debitOnBalance: false,
        type: 'liability',
        isActive: true,
        user: info,
        virtualAccount: null,
      };
      return json(body);
    }
    const flightAnswer = handleFlights(flights, request, user.roles);
    if (flightAnswer) return flightAnswer;
    const formAnswer = handleFlightForm(catalogue, flights, request, user.roles);
    if (formAnswer) return formAnswer;
    const answer = handleCatalogue(catalogue, request);
    if (answer) return answer;
    return fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });
  };

  return { fetch, requests, catalogue, flights, expire: (token: string) => expired.add(token) };
}
