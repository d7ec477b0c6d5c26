import { ROLE_CATALOGUE } from '@flybook/domain';
import type {
  AgentSchema,
  CountrySchema,
  CustomerSchema,
  EntityLogEntrySchema,
  GroupSchema,
  ManagerSchema,
  PermissionsUserSchema,
  VirtualAccountSchema,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type Agent = z.input<typeof AgentSchema>;
type Customer = z.input<typeof CustomerSchema>;
type Manager = z.input<typeof ManagerSchema>;
type Country = z.input<typeof CountrySchema>;
type Group = z.input<typeof GroupSchema>;
type PermissionsUser = z.input<typeof PermissionsUserSchema>;
type VirtualAccount = z.input<typeof VirtualAccountSchema>;
type EntityLogEntry = z.input<typeof EntityLogEntrySchema>;

const text = (en: string, de = en, fr = en, sq = en) => ({ en, de, fr, sq });

export const COUNTRIES: Country[] = [
  { id: 1, code: 'CH', name: text('Switzerland', 'Schweiz', 'Suisse', 'Zvicër'), dialCode: '+41' },
  { id: 2, code: 'KV', name: text('Kosovo', 'Kosovo', 'Kosovo', 'Kosovë'), dialCode: '+383' },
  { id: 3, code: 'MK', name: text('North Macedonia'), dialCode: '+389' },
];
const swiss = { id: 1, code: 'CH', name: text('Switzerland', 'Schweiz', 'Suisse', 'Zvicër') };

const person = {
  salutation: 'mr' as const,
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: swiss,
  language: 'de' as const,
  birthday: '1980-05-05',
  phoneNumberFirst: null,
  phoneNumberSecond: null,
  isActive: true,
};

export function createFakeUsers() {
  const agents: Agent[] = [
    {
      ...person,
      id: 3,
      email: 'agent@flybook.test',
      company: 'Alpen Reisen GmbH',
      firstName: 'Luan',
      lastName: 'Gashi',
      phoneMobile: '+41 79 555 12 34',
      displayName: 'Alpen Reisen GmbH',
      balance: -120.5,
      accountId: 13,
      monthlyFee: 49.9,
      creditLimitTotalAmount: 2500,
      marginType: 'percent',
      moneyMargin: 0,
      percentMargin: 5,
    },
  ];
  const customers: Customer[] = [
    {
      ...person,
      id: 4,
      email: 'customer@flybook.test',
      firstName: 'Arben',
      lastName: 'Berisha',
      phoneMobile: '+41 79 111 22 33',
      phoneNumberFirst: '+383 44 123 456',
      displayName: 'Arben Berisha',
      balance: 0,
      accountId: 14,
    },
  ];
  const managers: Manager[] = [
    {
      id: 2,
      email: 'manager@flybook.test',
      displayName: 'Mira Krasniqi',
      language: 'de',
      country: swiss,
      creditLimitTotalAmount: 0,
      isActive: true,
      balance: 15,
      accountId: 12,
    },
  ];
  const groups: Group[] = [
    {
      id: 1,
      code: 'admin',
      title: text('Admin', 'Administrator'),
      roles: ['ROLE_ADMIN'],
      virtualAccounts: [21, 22],
    },
    {
      id: 2,
      code: 'manager',
      title: text('Manager', 'Mitarbeitende'),
      roles: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_CREATE', 'ROLE_FLIGHT_READ'],
      virtualAccounts: [21],
    },
    {
      id: 3,
      code: 'agent',
      title: text('Agent', 'Reisebüro'),
      roles: ['ROLE_FLIGHT_AGENT_FLIGHT_LIST'],
      virtualAccounts: [],
    },
  ];
  const permissions: PermissionsUser[] = [
    {
      id: 2,
      email: 'manager@flybook.test',
      displayName: 'Mira Krasniqi',
      type: 'manager',
      isActive: true,
      group: groups[1]!,
      allowedSpecialRoles: ['ROLE_USER_LIST'],
      deniedSpecialRoles: [],
    },
    {
      id: 3,
      email: 'agent@flybook.test',
      displayName: 'Alpen Reisen GmbH',
      type: 'agent',
      isActive: true,
      group: groups[2]!,
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    },
  ];
  const virtualAccounts: VirtualAccount[] = [
    {
      id: 21,
      code: 'CASH_ZRH',
      name: 'Cash desk Zurich',
      kind: 'cash',
      type: 'asset',
      balance: 0,
      isActive: true,
    },
    {
      id: 22,
      code: 'BANK_EC',
      name: 'Bank / EC terminal',
      kind: 'bank',
      type: 'asset',
      balance: 0,
      isActive: true,
    },
  ];
  const ownVirtualAccounts = new Map<number, number[]>([[2, [22]]]);
  const log: EntityLogEntry[] = [
    {
      id: 2,
      timestamp: '2031-03-04T09:15:00Z',
      user: { id: 1, displayName: 'Ada Admin' },
      entityType: 'agent',
      entityId: '3',
      operationType: 'update',
      changedFields: ['creditLimitTotalAmount', 'phoneMobile'],
    },
    {
      id: 1,
      timestamp: '2031-03-03T08:00:00Z',
      user: null,
      entityType: 'flight',
      entityId: '88',
      operationType: 'update',
      changedFields: ['status'],
    },
  ];
  return { agents, customers, managers, groups, permissions, virtualAccounts, ownVirtualAccounts, log };
}
export type FakeUsers = ReturnType<typeof createFakeUsers>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const notFound = () => json({ errors: [{ code: 'ERROR_NOT_FOUND', message: 'Not found.' }] }, 404);

type Profile = { id: number; displayName: string; email: string; isActive: boolean };

function listOf<T extends Profile>(items: T[], query: URLSearchParams) {
  const text = query.get('query')?.toLowerCase();
  const active = query.get('isActive');
  const found = items.filter(
    (item) =>
      (!text || `${item.displayName} ${item.email}`.toLowerCase().includes(text)) &&
      (active === null || String(item.isActive) === active),
  );
  return json({ items: found, total: found.length });
}

const withoutForm = (body: Record<string, unknown>) => {
  const { password: _p, passwordConfirm: _c, currentPassword: _cp, ...rest } = body;
  return rest;
};

/**
 * The users and settings calls of the API for component tests: agents, customers, managers,
 * countries, permissions and the event log, answering from `users` (changed by the writes).
 */
export function handleUsers(users: FakeUsers, request: FakeRequest): Response | undefined {
  const { method, path, query } = request;
  const body =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)
      : {};
  if (method === 'GET' && path === 'country/entire-list') return json({ items: COUNTRIES });

  for (const [kind, items] of [
    ['agent', users.agents],
    ['customer', users.customers],
    ['manager', users.managers],
  ] as const) {
    if (method === 'GET' && path === `${kind}/list`) return listOf<Profile>(items, query);
    const one = new RegExp(`^${kind}/(\\d+)$`).exec(path);
    if (method === 'POST' && path === kind) {
      const country = COUNTRIES.find((candidate) => candidate.id === (body.country as { id: number }).id);
      const created = {
        company: null,
        city: null,
        phoneNumberFirst: null,
        phoneNumberSecond: null,
        isActive: true,
        ...(kind === 'manager' ? { creditLimitTotalAmount: 0 } : {}),
        ...withoutForm(body),
        id: 100 + items.length,
        displayName: String(body.company ?? body.displayName ?? `${body.firstName} ${body.lastName}`),
        country: country ? { id: country.id, code: country.code, name: country.name } : null,
        balance: 0,
        accountId: 200 + items.length,
      };
      (items as unknown[]).push(created);
      return json(created, 201);
    }
    if (one) {
      const index = items.findIndex((item) => item.id === Number(one[1]));
      if (index < 0) return notFound();
      if (method === 'GET') return json(items[index]);
      if (method === 'PUT') {
        const country = COUNTRIES.find((candidate) => candidate.id === (body.country as { id: number }).id);
        const updated = {
          ...items[index],
          ...withoutForm(body),
          country: country ? { id: country.id, code: country.code, name: country.name } : null,
        };
        (items as unknown[])[index] = updated;
        return json(updated);
      }
    }
  }

  if (method === 'GET' && path === 'user/list') {
    const types = query.getAll('type');
    const found = users.permissions.filter((user) => types.length === 0 || types.includes(user.type));
    return json({
      items: found.map(({ id, email, displayName, type, isActive, group }) => ({
        id,
        email,
        displayName,
        type,
        isActive,
        group: group ? { id: group.id, title: group.title } : null,
      })),
      total: found.length,
    });
  }
  if (method === 'GET' && path === 'user/group/list') return json({ items: users.groups });
  if (method === 'GET' && path === 'user/role/list')
    return json({ items: ROLE_CATALOGUE.map((role) => ({ ...role })) });
  if (method === 'GET' && path === 'virtual-account/list') return json({ items: users.virtualAccounts });
  const permissions = /^user\/(\d+)$/.exec(path);
  if (permissions) {
    const index = users.permissions.findIndex((user) => user.id === Number(permissions[1]));
    if (index < 0) return notFound();
    if (method === 'GET') return json(users.permissions[index]);
    if (method === 'PUT') {
      const groupId = (body.group as { id: number } | null)?.id;
      const updated = {
        ...users.permissions[index]!,
        group: users.groups.find((group) => group.id === groupId) ?? null,
        allowedSpecialRoles: body.allowedSpecialRoles as string[],
        deniedSpecialRoles: body.deniedSpecialRoles as string[],
      };
      users.permissions[index] = updated;
      return json(updated);
    }
  }
  const virtual = /^user\/(\d+)\/virtual-accounts$/.exec(path);
  if (virtual) {
    const id = Number(virtual[1]);
    if (method === 'POST') users.ownVirtualAccounts.set(id, body.accountIds as number[]);
    return json({ items: users.ownVirtualAccounts.get(id) ?? [] });
  }

  if (method === 'GET' && path === 'entity-log/list')
    return json({ items: users.log, total: users.log.length });
  if (method === 'GET' && path === 'entity-log/entity-type/list') {
    return json({ items: [...new Set(users.log.map((entry) => entry.entityType))].sort() });
  }
  return undefined;
}
