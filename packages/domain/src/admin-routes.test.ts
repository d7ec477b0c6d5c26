import { describe, expect, it } from 'vitest';
import {
  type AccessUser,
  ADMIN_ROUTES,
  type AdminSection,
  adminPath,
  canOpenAdminRoute,
  firstPermittedTab,
  MAIN_MENU,
  matchAdminRoute,
  menuEntryTarget,
  permittedTabs,
  SECTION_TABS,
  sectionOfBareRoute,
} from './admin-routes.ts';
import { ROLE_ADMIN, rolesInRule } from './permissions.ts';
import { isKnownRole } from './roles.ts';

const admin: AccessUser = { type: 'admin', roles: [ROLE_ADMIN] };
const customer: AccessUser = { type: 'customer', roles: ['ROLE_FLIGHT_LIST', 'ROLE_RESERVATION_USER_LIST'] };
const agent: AccessUser = {
  type: 'agent',
  roles: [
    'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
    'ROLE_RESERVATION_USER_LIST',
    'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
    'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
    'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
  ],
};
const bareManager: AccessUser = { type: 'manager', roles: [] };

// The back-office routes of spec 01 §2, bare section routes excepted.
const SPEC_ROUTES = [
  '/invoice/balance-log',
  '/invoice/new-transaction',
  '/allotment/list',
  '/allotment/invoiceList',
  '/allotment/:allotmentInvoiceId/payment',
  '/flight/list',
  '/flight/new',
  '/flight/edit/:flightId',
  '/flight/company/list',
  '/flight/company/new',
  '/flight/company/edit/:flightCompanyId',
  '/flight/:flightId/passenger/list',
  '/reservation/new',
  '/reservation/edit/:reservationId',
  '/reservation/history/:reservationId',
  '/reservation/list',
  '/reservation/:reservationId/payment',
  '/reservation/invoiceOverview',
  '/user/agent/list',
  '/user/agent/new',
  '/user/agent/edit/:agentId',
  '/user/customer/list',
  '/user/customer/new',
  '/user/customer/edit/:customerId',
  '/user/manager/list',
  '/user/manager/new',
  '/user/manager/edit/:managerId',
  '/rate/list',
  '/rate/new',
  '/rate/edit/:rateId',
  '/rate/option/list',
  '/rate/option/new',
  '/rate/option/edit/:optionId',
  '/settings/account',
  '/settings/permissions',
  '/settings/user/:userId/permissions',
  '/settings/entity-log/list',
  '/agent/payment',
  // Beyond the spec: the admin page of sent and failed messages (issue 24).
  '/settings/message/list',
  // Beyond the spec: the worklist of cancelled flights with passengers (issue 26).
  '/flight/cancelled/list',
  // Beyond the spec: the aircraft seat-map templates (issue 26).
  '/flight/aircraft-template/list',
  '/flight/aircraft-template/new',
  '/flight/aircraft-template/edit/:aircraftTemplateId',
];

describe('route table', () => {
  it('covers every back-office route of the spec, each once', () => {
    const paths = ADMIN_ROUTES.map((route) => route.path);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES].sort());
    expect(new Set(ADMIN_ROUTES.map((route) => route.name)).size).toBe(ADMIN_ROUTES.length);
  });

  it('uses only roles from the role catalogue', () => {
    const unknown = ADMIN_ROUTES.flatMap((route) => rolesInRule(route.rule)).filter(
      (role) => !isKnownRole(role),
    );
    expect(unknown).toEqual([]);
  });

  it('puts /agent/payment in its own agentPayment group', () => {
    expect(matchAdminRoute('/agent/payment')?.route.section).toBe('agentPayment');
  });
});

describe('matchAdminRoute', () => {
  it('matches static routes exactly', () => {
    expect(matchAdminRoute('/flight/list')?.route.path).toBe('/flight/list');
    expect(matchAdminRoute('/flight/list')?.params).toEqual({});
    expect(matchAdminRoute('/flight/list/extra')).toBeNull();
    expect(matchAdminRoute('/flight')).toBeNull();
    expect(matchAdminRoute('/')).toBeNull();
  });

  it('extracts parameters', () => {
    expect(matchAdminRoute('/flight/edit/12')).toMatchObject({
      route: { path: '/flight/edit/:flightId', section: 'flight' },
      params: { flightId: '12' },
    });
    expect(matchAdminRoute('/flight/7/passenger/list')?.params).toEqual({ flightId: '7' });
    expect(matchAdminRoute('/settings/user/3/permissions')?.params).toEqual({ userId: '3' });
    expect(matchAdminRoute('/allotment/44/payment')?.route.name).toBe('allotmentInvoicePayment');
  });

  it('decodes parameters and needs them non-empty', () => {
    expect(matchAdminRoute('/flight/edit/a%20b')?.params).toEqual({ flightId: 'a b' });
    expect(matchAdminRoute('/flight/edit/')).toBeNull();
    expect(matchAdminRoute('/flight//passenger/list')).toBeNull();
  });

  it('ignores a trailing slash, a query and a hash', () => {
    expect(matchAdminRoute('/flight/list/')?.route.path).toBe('/flight/list');
    expect(matchAdminRoute('/invoice/balance-log?accountId=3#top')?.route.path).toBe('/invoice/balance-log');
  });

  it('prefers the pattern with more static segments over a parameter', () => {
    expect(matchAdminRoute('/flight/company/list')?.route.path).toBe('/flight/company/list');
    expect(matchAdminRoute('/reservation/list')?.route.path).toBe('/reservation/list');
    expect(matchAdminRoute('/reservation/5/payment')?.params).toEqual({ reservationId: '5' });
    expect(matchAdminRoute('/reservation/history/5')?.params).toEqual({ reservationId: '5' });
  });
});

describe('adminPath', () => {
  it('fills in and encodes parameters of a named route', () => {
    expect(adminPath('flightEdit', { flightId: 12 })).toBe('/flight/edit/12');
    expect(adminPath('passengerList', { flightId: 'a/b' })).toBe('/flight/a%2Fb/passenger/list');
    expect(adminPath('reservationList')).toBe('/reservation/list');
  });

  it('refuses to build a path without its parameters', () => {
    expect(() => adminPath('flightEdit')).toThrow();
    expect(() => adminPath('flightEdit', { flightId: '' })).toThrow();
  });
});

describe('canOpenAdminRoute', () => {
  it('shows Not Found for unknown paths, logged in or not', () => {
    expect(canOpenAdminRoute(null, '/nowhere')).toBe('not-found');
    expect(canOpenAdminRoute(admin, '/flight/unknown/page')).toBe('not-found');
  });

  it('always renders the deny page', () => {
    for (const user of [null, customer, agent, bareManager, admin])
      expect(canOpenAdminRoute(user, '/deny')).toBe('allow');
  });

  it('sends logged-out visitors to login, even for pages open to anyone', () => {
    expect(canOpenAdminRoute(null, '/flight/list')).toBe('login');
    expect(canOpenAdminRoute(null, '/reservation/list')).toBe('login');
    expect(canOpenAdminRoute(null, '/flight')).toBe('login');
  });

  it('denies customers every back-office page, whatever their roles', () => {
    expect(canOpenAdminRoute(customer, '/reservation/list')).toBe('deny');
    expect(canOpenAdminRoute(customer, '/settings/account')).toBe('deny');
    expect(canOpenAdminRoute(customer, '/flight/list')).toBe('deny');
    expect(canOpenAdminRoute({ type: 'customer', roles: [ROLE_ADMIN] }, '/flight/list')).toBe('deny');
  });

  it('lets an agent open the pages the agent roles allow and denies the rest', () => {
    expect(canOpenAdminRoute(agent, '/flight/list')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/reservation/new')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/allotment/invoiceList')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/invoice/balance-log')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/agent/payment')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/flight/new')).toBe('deny');
    expect(canOpenAdminRoute(agent, '/allotment/9/payment')).toBe('deny');
    expect(canOpenAdminRoute(agent, '/user/agent/list')).toBe('deny');
  });

  it('gives a manager without roles only the pages open to anyone', () => {
    expect(canOpenAdminRoute(bareManager, '/reservation/list')).toBe('allow');
    expect(canOpenAdminRoute(bareManager, '/settings/account')).toBe('allow');
    expect(canOpenAdminRoute(bareManager, '/flight/list')).toBe('deny');
    expect(canOpenAdminRoute(bareManager, '/flight/edit/3')).toBe('deny');
    expect(canOpenAdminRoute(bareManager, '/agent/payment')).toBe('deny');
  });

  it('checks every role of an all-of rule', () => {
    const lists = ['ROLE_FLIGHT_COMPANY_LIST', 'ROLE_RATE_LIST', 'ROLE_AIRCRAFT_TEMPLATE_LIST'];
    const creator: AccessUser = { type: 'manager', roles: ['ROLE_FLIGHT_CREATE', ...lists] };
    expect(canOpenAdminRoute(creator, '/flight/new')).toBe('allow');
    expect(
      canOpenAdminRoute({ type: 'manager', roles: ['ROLE_FLIGHT_CREATE', ...lists.slice(1)] }, '/flight/new'),
    ).toBe('deny');
    const companyReader: AccessUser = { type: 'manager', roles: ['ROLE_FLIGHT_COMPANY_READ'] };
    expect(canOpenAdminRoute(companyReader, '/flight/company/edit/2')).toBe('deny');
  });

  it('opens the aircraft templates by their list, create, and read-and-update roles', () => {
    const lister: AccessUser = {
      type: 'manager',
      roles: ['ROLE_AIRCRAFT_TEMPLATE_LIST', 'ROLE_AIRCRAFT_TEMPLATE_READ'],
    };
    expect(canOpenAdminRoute(lister, '/flight/aircraft-template/list')).toBe('allow');
    expect(permittedTabs(lister, 'flight').map((tab) => tab.path)).toEqual([
      '/flight/aircraft-template/list',
    ]);
    expect(canOpenAdminRoute(lister, '/flight/aircraft-template/new')).toBe('deny');
    expect(canOpenAdminRoute(lister, '/flight/aircraft-template/edit/1')).toBe('deny');
    const editor: AccessUser = {
      type: 'manager',
      roles: ['ROLE_AIRCRAFT_TEMPLATE_READ', 'ROLE_AIRCRAFT_TEMPLATE_UPDATE'],
    };
    expect(canOpenAdminRoute(editor, '/flight/aircraft-template/edit/1')).toBe('allow');
    expect(canOpenAdminRoute(bareManager, '/flight/aircraft-template/list')).toBe('deny');
    expect(matchAdminRoute('/flight/aircraft-template/edit/7')?.params).toEqual({ aircraftTemplateId: '7' });
  });

  it('lets an admin open every back-office page', () => {
    for (const path of SPEC_ROUTES) {
      const concrete = path.replace(/:[A-Za-z]+/g, '1');
      expect(canOpenAdminRoute(admin, concrete), concrete).toBe('allow');
    }
  });

  it('keeps out a non-customer without a user type unless admin', () => {
    expect(canOpenAdminRoute({ type: null, roles: ['ROLE_FLIGHT_LIST'] }, '/flight/list')).toBe('deny');
    expect(canOpenAdminRoute({ type: null, roles: [ROLE_ADMIN] }, '/flight/list')).toBe('allow');
  });

  it('allows a bare section route only when it has a tab to redirect to', () => {
    expect(canOpenAdminRoute(agent, '/flight')).toBe('allow');
    expect(canOpenAdminRoute(agent, '/rate')).toBe('deny');
    expect(canOpenAdminRoute(bareManager, '/settings/')).toBe('allow');
    expect(canOpenAdminRoute(customer, '/reservation')).toBe('deny');
  });
});

describe('menu and tabs', () => {
  it('lists the main menu in the spec order with bare section routes', () => {
    expect(MAIN_MENU.map((entry) => entry.path)).toEqual([
      '/invoice',
      '/flight',
      '/reservation',
      '/user',
      '/allotment',
      '/rate',
      '/settings',
    ]);
    for (const entry of MAIN_MENU) expect(sectionOfBareRoute(entry.path)).toBe(entry.section);
    expect(sectionOfBareRoute('/agent')).toBeNull();
  });

  it('orders tabs as the spec does and points each at a route of its section', () => {
    expect(SECTION_TABS.user.map((tab) => tab.path)).toEqual([
      '/user/manager/list',
      '/user/agent/list',
      '/user/customer/list',
    ]);
    expect(SECTION_TABS.settings.map((tab) => tab.path)).toEqual([
      '/settings/account',
      '/settings/entity-log/list',
      '/settings/permissions',
      '/settings/message/list',
    ]);
    for (const [section, tabs] of Object.entries(SECTION_TABS)) {
      for (const tab of tabs) expect(matchAdminRoute(tab.path)?.route.section, tab.path).toBe(section);
    }
  });

  it('finds the first tab each user may open in every section', () => {
    const expectations: [AccessUser | null, Partial<Record<AdminSection, string | null>>][] = [
      [
        admin,
        {
          ledger: '/invoice/balance-log',
          flight: '/flight/list',
          reservation: '/reservation/list',
          user: '/user/manager/list',
          allotment: '/allotment/list',
          rate: '/rate/list',
          settings: '/settings/account',
          agentPayment: null,
        },
      ],
      [
        agent,
        {
          ledger: '/invoice/balance-log',
          flight: '/flight/list',
          reservation: '/reservation/list',
          user: null,
          allotment: '/allotment/list',
          rate: null,
          settings: '/settings/account',
        },
      ],
      [
        bareManager,
        { ledger: null, flight: null, reservation: '/reservation/list', settings: '/settings/account' },
      ],
      [customer, { reservation: null, settings: null }],
      [null, { reservation: null, settings: null }],
    ];
    for (const [user, bySection] of expectations) {
      for (const [section, expected] of Object.entries(bySection) as [AdminSection, string | null][]) {
        expect(firstPermittedTab(user, section), `${user?.type ?? 'logged out'} ${section}`).toBe(expected);
        expect(menuEntryTarget(user, section)).toBe(expected);
      }
    }
  });

  it('skips tabs the user may not open', () => {
    const agentManager: AccessUser = { type: 'manager', roles: ['ROLE_AGENT_LIST', 'ROLE_CUSTOMER_LIST'] };
    expect(firstPermittedTab(agentManager, 'user')).toBe('/user/agent/list');
    expect(permittedTabs(agentManager, 'user').map((tab) => tab.path)).toEqual([
      '/user/agent/list',
      '/user/customer/list',
    ]);
    const optionsOnly: AccessUser = {
      type: 'manager',
      roles: ['ROLE_RATE_LIST', 'ROLE_RESERVATION_OPTION_LIST'],
    };
    expect(firstPermittedTab(optionsOnly, 'rate')).toBe('/rate/option/list');
    const newTransaction: AccessUser = {
      type: 'manager',
      roles: [
        'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
        'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
        'ROLE_ACCOUNT_LIST',
        'ROLE_ACCOUNT_LIST_FREE',
      ],
    };
    expect(firstPermittedTab(newTransaction, 'ledger')).toBe('/invoice/new-transaction');
  });
});
