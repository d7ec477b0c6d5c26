/**
 * The back office's routes as data: which permission rule each page needs (spec 01 §6, spec 03 §6),
 * the main menu, the tab bars of the sections, and the route guard. The admin app builds its router,
 * menu, tab bars and disabled links from these, so one table decides what a user may open.
 *
 * Paths are relative to the admin base (the app serves them under /admin) and use React Router
 * patterns: `:name` matches one non-empty path segment.
 */
import {
  ANYONE,
  allOf,
  anyOf,
  hasAdminSiteAccess,
  type PermissionRule,
  satisfies,
  type UserType,
} from './permissions.ts';

/** The guarded route groups of the back office. */
export type AdminSection =
  | 'ledger'
  | 'flight'
  | 'reservation'
  | 'user'
  | 'allotment'
  | 'rate'
  | 'settings'
  | 'agentPayment';

/** A user as the guard sees them; `roles` are the effective roles. */
export type AccessUser = { type: UserType | null; roles: readonly string[] };

/** What the guard decides for a path: render it, send to the deny page, to login, or show Not Found. */
export type AdminRouteAccess = 'allow' | 'deny' | 'login' | 'not-found';

/** Flight list: the full list or the agents' list; either opens the page. */
export const FLIGHT_LIST_RULE: PermissionRule = anyOf('ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_AGENT_FLIGHT_LIST');

/** Allotment pages: the full list or the agent's own allotments. */
export const ALLOTMENT_LIST_RULE: PermissionRule = anyOf(
  'ROLE_ALLOTMENT_LIST',
  'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
);

/** Balance log: the full log or the user's own records. */
export const BALANCE_LOG_RULE: PermissionRule = anyOf(
  'ROLE_BALANCE_LOG_RECORD_LIST',
  'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
);

// The flight form offers airline companies, rates and aircraft templates, so it needs their lists.
const FLIGHT_FORM_LOOKUPS = ['ROLE_FLIGHT_COMPANY_LIST', 'ROLE_RATE_LIST', 'ROLE_AIRCRAFT_TEMPLATE_LIST'];

const ROUTES = [
  // The ledger (the menu's 'Invoices', spec 01 §2)
  { name: 'balanceLog', path: '/invoice/balance-log', section: 'ledger', rule: BALANCE_LOG_RULE },
  {
    name: 'newTransaction',
    path: '/invoice/new-transaction',
    section: 'ledger',
    rule: allOf(
      anyOf(
        'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK',
        'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT',
        'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT',
        'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
      ),
      'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
      'ROLE_ACCOUNT_LIST',
      'ROLE_ACCOUNT_LIST_FREE',
    ),
  },

  // Allotments
  { name: 'allotmentList', path: '/allotment/list', section: 'allotment', rule: ALLOTMENT_LIST_RULE },
  {
    name: 'allotmentInvoiceList',
    path: '/allotment/invoiceList',
    section: 'allotment',
    rule: ALLOTMENT_LIST_RULE,
  },
  {
    name: 'allotmentInvoicePayment',
    path: '/allotment/:allotmentInvoiceId/payment',
    section: 'allotment',
    rule: allOf('ROLE_ALLOTMENT_LIST', 'ROLE_ALLOTMENT_INVOICE_EDIT'),
  },

  // Flights
  { name: 'flightList', path: '/flight/list', section: 'flight', rule: FLIGHT_LIST_RULE },
  {
    name: 'flightNew',
    path: '/flight/new',
    section: 'flight',
    rule: allOf('ROLE_FLIGHT_CREATE', ...FLIGHT_FORM_LOOKUPS),
  },
  {
    name: 'flightEdit',
    path: '/flight/edit/:flightId',
    section: 'flight',
    rule: allOf('ROLE_FLIGHT_READ', 'ROLE_FLIGHT_UPDATE', ...FLIGHT_FORM_LOOKUPS),
  },
  {
    name: 'flightCompanyList',
    path: '/flight/company/list',
    section: 'flight',
    rule: 'ROLE_FLIGHT_COMPANY_LIST',
  },
  {
    name: 'flightCompanyNew',
    path: '/flight/company/new',
    section: 'flight',
    rule: 'ROLE_FLIGHT_COMPANY_CREATE',
  },
  {
    name: 'flightCompanyEdit',
    path: '/flight/company/edit/:flightCompanyId',
    section: 'flight',
    rule: allOf('ROLE_FLIGHT_COMPANY_READ', 'ROLE_ADMIN'),
  },
  // Beyond the spec's routes (issue 26): the aircraft seat-map templates the flight form copies.
  {
    name: 'aircraftTemplateList',
    path: '/flight/aircraft-template/list',
    section: 'flight',
    rule: 'ROLE_AIRCRAFT_TEMPLATE_LIST',
  },
  {
    name: 'aircraftTemplateNew',
    path: '/flight/aircraft-template/new',
    section: 'flight',
    rule: 'ROLE_AIRCRAFT_TEMPLATE_CREATE',
  },
  {
    name: 'aircraftTemplateEdit',
    path: '/flight/aircraft-template/edit/:aircraftTemplateId',
    section: 'flight',
    rule: allOf('ROLE_AIRCRAFT_TEMPLATE_READ', 'ROLE_AIRCRAFT_TEMPLATE_UPDATE'),
  },
  {
    name: 'cancelledFlightList',
    path: '/flight/cancelled/list',
    section: 'flight',
    rule: allOf('ROLE_FLIGHT_LIST', 'ROLE_RESERVATION_LIST'),
  },
  {
    name: 'passengerList',
    path: '/flight/:flightId/passenger/list',
    section: 'flight',
    rule: 'ROLE_FLIGHT_PASSENGER_LIST',
  },

  // Reservations
  { name: 'reservationNew', path: '/reservation/new', section: 'reservation', rule: FLIGHT_LIST_RULE },
  {
    name: 'reservationEdit',
    path: '/reservation/edit/:reservationId',
    section: 'reservation',
    rule: allOf('ROLE_RESERVATION_READ', 'ROLE_RESERVATION_UPDATE', FLIGHT_LIST_RULE),
  },
  {
    name: 'reservationHistory',
    path: '/reservation/history/:reservationId',
    section: 'reservation',
    rule: allOf('ROLE_RESERVATION_READ', 'ROLE_RESERVATION_SNAPSHOT_LIST'),
  },
  { name: 'reservationList', path: '/reservation/list', section: 'reservation', rule: ANYONE },
  {
    name: 'reservationPayment',
    path: '/reservation/:reservationId/payment',
    section: 'reservation',
    rule: allOf('ROLE_RESERVATION_INVOICE_ADD_PAYMENT', 'ROLE_ACCOUNT_LIST_PAYMENT'),
  },
  {
    name: 'invoiceOverview',
    path: '/reservation/invoiceOverview',
    section: 'reservation',
    rule: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
  },

  // Users
  { name: 'managerList', path: '/user/manager/list', section: 'user', rule: 'ROLE_MANAGER_LIST' },
  { name: 'managerNew', path: '/user/manager/new', section: 'user', rule: 'ROLE_MANAGER_EDIT' },
  { name: 'managerEdit', path: '/user/manager/edit/:managerId', section: 'user', rule: 'ROLE_MANAGER_READ' },
  { name: 'agentList', path: '/user/agent/list', section: 'user', rule: 'ROLE_AGENT_LIST' },
  { name: 'agentNew', path: '/user/agent/new', section: 'user', rule: 'ROLE_AGENT_CREATE' },
  { name: 'agentEdit', path: '/user/agent/edit/:agentId', section: 'user', rule: 'ROLE_AGENT_READ' },
  { name: 'customerList', path: '/user/customer/list', section: 'user', rule: 'ROLE_CUSTOMER_LIST' },
  { name: 'customerNew', path: '/user/customer/new', section: 'user', rule: 'ROLE_CUSTOMER_CREATE' },
  {
    name: 'customerEdit',
    path: '/user/customer/edit/:customerId',
    section: 'user',
    rule: 'ROLE_CUSTOMER_READ',
  },

  // Rates and options
  {
    name: 'rateList',
    path: '/rate/list',
    section: 'rate',
    rule: allOf('ROLE_RATE_LIST', 'ROLE_TARIFF_LIST'),
  },
  { name: 'rateNew', path: '/rate/new', section: 'rate', rule: 'ROLE_RATE_CREATE' },
  {
    name: 'rateEdit',
    path: '/rate/edit/:rateId',
    section: 'rate',
    rule: allOf('ROLE_RATE_READ', 'ROLE_RATE_UPDATE'),
  },
  { name: 'optionList', path: '/rate/option/list', section: 'rate', rule: 'ROLE_RESERVATION_OPTION_LIST' },
  { name: 'optionNew', path: '/rate/option/new', section: 'rate', rule: 'ROLE_RESERVATION_OPTION_CREATE' },
  {
    name: 'optionEdit',
    path: '/rate/option/edit/:optionId',
    section: 'rate',
    rule: 'ROLE_RESERVATION_OPTION_UPDATE',
  },

  // Settings
  { name: 'settingsAccount', path: '/settings/account', section: 'settings', rule: ANYONE },
  { name: 'permissionList', path: '/settings/permissions', section: 'settings', rule: 'ROLE_USER_LIST' },
  {
    name: 'userPermissions',
    path: '/settings/user/:userId/permissions',
    section: 'settings',
    // As the spec states it; the second branch contains ROLE_ADMIN too, so in effect admins only.
    rule: anyOf('ROLE_ADMIN', allOf('ROLE_ACCOUNT_LIST', 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST', 'ROLE_ADMIN')),
  },
  {
    name: 'entityLogList',
    path: '/settings/entity-log/list',
    section: 'settings',
    rule: 'ROLE_ENTITY_LOG_LIST',
  },
  // Beyond the spec (issue 24): the e-mails and SMS sent and failed, for admins only.
  { name: 'messageList', path: '/settings/message/list', section: 'settings', rule: 'ROLE_ADMIN' },

  // Return point of an agent's charge-account card payment
  {
    name: 'agentPayment',
    path: '/agent/payment',
    section: 'agentPayment',
    rule: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
  },
] as const satisfies readonly {
  name: string;
  path: string;
  section: AdminSection;
  rule: PermissionRule;
}[];

/**
 * A route's stable key. The `source` query parameter of back links and the target route key of a
 * card payment return use these names (reservationList, invoiceOverview, allotmentList…).
 */
export type AdminRouteName = (typeof ROUTES)[number]['name'];

/** One back-office page and the rule a user must pass to open it. */
export type AdminRoute = {
  readonly name: AdminRouteName;
  /** React Router pattern relative to the admin base, e.g. '/flight/edit/:flightId' */
  readonly path: string;
  readonly section: AdminSection;
  readonly rule: PermissionRule;
};

/** Every back-office page of spec 01 §2 except the bare section routes, which only redirect. */
export const ADMIN_ROUTES: readonly AdminRoute[] = ROUTES;

/** The deny page; it renders for everybody. */
export const DENY_PATH = '/deny';

/** An entry of the back-office main menu; `path` is the bare section route. */
export type MainMenuEntry = {
  readonly section: Exclude<AdminSection, 'agentPayment'>;
  readonly labelKey: string;
  readonly path: string;
};

/** The main menu in the spec's order. */
export const MAIN_MENU: readonly MainMenuEntry[] = [
  { section: 'ledger', labelKey: 'menu.ledger', path: '/invoice' },
  { section: 'flight', labelKey: 'menu.flight', path: '/flight' },
  { section: 'reservation', labelKey: 'menu.reservation', path: '/reservation' },
  { section: 'user', labelKey: 'menu.user', path: '/user' },
  { section: 'allotment', labelKey: 'menu.allotment', path: '/allotment' },
  { section: 'rate', labelKey: 'menu.rate', path: '/rate' },
  { section: 'settings', labelKey: 'menu.settings', path: '/settings' },
];

/** A tab of a section's tab bar. */
export type AdminTab = { readonly path: string; readonly labelKey: string };

/**
 * The tab bars in the spec's order; a bare section route redirects to the first tab the user may
 * open. New reservation is a button on the reservation list, not a tab; /agent/payment has no tabs.
 */
export const SECTION_TABS: Readonly<Record<AdminSection, readonly AdminTab[]>> = {
  ledger: [
    { path: '/invoice/balance-log', labelKey: 'ledger.tabs.balanceLog' },
    { path: '/invoice/new-transaction', labelKey: 'ledger.tabs.newTransaction' },
  ],
  flight: [
    { path: '/flight/list', labelKey: 'flights.tabs.flights' },
    { path: '/flight/company/list', labelKey: 'flights.tabs.airlineCompanies' },
    { path: '/flight/cancelled/list', labelKey: 'flights.tabs.cancelledFlights' },
    // After the spec's tabs: the seat-map templates (issue 26).
    { path: '/flight/aircraft-template/list', labelKey: 'flights.tabs.aircraftTemplates' },
  ],
  reservation: [
    { path: '/reservation/list', labelKey: 'reservations.tabs.reservations' },
    { path: '/reservation/invoiceOverview', labelKey: 'reservations.tabs.invoiceOverview' },
  ],
  user: [
    { path: '/user/manager/list', labelKey: 'users.tabs.managers' },
    { path: '/user/agent/list', labelKey: 'users.tabs.agents' },
    { path: '/user/customer/list', labelKey: 'users.tabs.customers' },
  ],
  allotment: [
    { path: '/allotment/list', labelKey: 'allotments.tabs.allotments' },
    { path: '/allotment/invoiceList', labelKey: 'allotments.tabs.allotmentInvoices' },
  ],
  rate: [
    { path: '/rate/list', labelKey: 'rates.tabs.rates' },
    { path: '/rate/option/list', labelKey: 'rates.tabs.options' },
  ],
  settings: [
    { path: '/settings/account', labelKey: 'settings.tabs.myAccount' },
    { path: '/settings/entity-log/list', labelKey: 'settings.tabs.entityLog' },
    { path: '/settings/permissions', labelKey: 'settings.tabs.permissions' },
    // After the spec's tabs: the admins' page of messages (issue 24).
    { path: '/settings/message/list', labelKey: 'settings.tabs.messages' },
  ],
  agentPayment: [],
};

type CompiledSegment = { param: string } | { literal: string };
type CompiledRoute = { route: AdminRoute; segments: CompiledSegment[]; literalCount: number };

const COMPILED: readonly CompiledRoute[] = ADMIN_ROUTES.map((route) => {
  const segments = route.path
    .slice(1)
    .split('/')
    .map(
      (part): CompiledSegment =>
        part.startsWith(':') ? { param: part.slice(1) } : { literal: part.toLowerCase() },
    );
  return { route, segments, literalCount: segments.filter((segment) => 'literal' in segment).length };
});

/**
 * The path's segments (none for the root). A query or hash is ignored and one trailing slash is
 * allowed, as React Router does; empty inner segments stay and match nothing.
 */
function pathSegments(pathname: string): string[] {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith('/')) path = path.slice(1);
  if (path.endsWith('/')) path = path.slice(0, -1);
  return path === '' ? [] : path.split('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape is kept as typed rather than failing the whole match
  }
}

function matchCompiled(compiled: CompiledRoute, segments: readonly string[]): Record<string, string> | null {
  if (compiled.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, pattern] of compiled.segments.entries()) {
    const segment = segments[index] ?? '';
    if ('param' in pattern) {
      if (segment === '') return null;
      params[pattern.param] = decodeSegment(segment);
    } else if (segment.toLowerCase() !== pattern.literal) {
      return null;
    }
  }
  return params;
}

/**
 * The back-office route a pathname (relative to the admin base, e.g. '/flight/edit/12') opens, with
 * its parameters, or null. The whole path must match; `:x` matches one non-empty segment. Static
 * segments compare case-insensitively, like React Router's default. When two patterns fit (e.g.
 * '/reservation/history/payment'), the one with more static segments wins, then the earlier one.
 */
export function matchAdminRoute(
  pathname: string,
): { route: AdminRoute; params: Record<string, string> } | null {
  const segments = pathSegments(pathname);
  let best: { route: AdminRoute; params: Record<string, string>; literalCount: number } | null = null;
  for (const compiled of COMPILED) {
    if (best && compiled.literalCount <= best.literalCount) continue;
    const params = matchCompiled(compiled, segments);
    if (params) best = { route: compiled.route, params, literalCount: compiled.literalCount };
  }
  return best ? { route: best.route, params: best.params } : null;
}

/** The section whose bare route ('/flight', '/user', …) the pathname is, or null. */
export function sectionOfBareRoute(pathname: string): MainMenuEntry['section'] | null {
  const segments = pathSegments(pathname);
  if (segments.length !== 1) return null;
  const segment = segments[0]?.toLowerCase();
  return MAIN_MENU.find((entry) => entry.path.slice(1) === segment)?.section ?? null;
}

function isDenyPath(pathname: string): boolean {
  const segments = pathSegments(pathname);
  return segments.length === 1 && segments[0]?.toLowerCase() === DENY_PATH.slice(1);
}

/**
 * The route guard of spec 01 §6. Unknown path: 'not-found'. The deny page: 'allow' for everybody.
 * Logged out: 'login'. A user with admin-site access who passes the route's rule: 'allow'; anyone
 * else: 'deny'. A bare section route ('/flight') is allowed when it has a tab to redirect to (see
 * {@link firstPermittedTab}) and denied otherwise, so the redirect never lands on a denied tab.
 */
export function canOpenAdminRoute(user: AccessUser | null, pathname: string): AdminRouteAccess {
  if (isDenyPath(pathname)) return 'allow';
  const match = matchAdminRoute(pathname);
  const section = match ? null : sectionOfBareRoute(pathname);
  if (!match && !section) return 'not-found';
  if (!user) return 'login';
  if (!hasAdminSiteAccess(user)) return 'deny';
  if (match) return satisfies(user.roles, match.route.rule) ? 'allow' : 'deny';
  return section && firstPermittedTab(user, section) !== null ? 'allow' : 'deny';
}

/** The tabs of a section that the user may open, in tab-bar order. */
export function permittedTabs(user: AccessUser | null, section: AdminSection): AdminTab[] {
  return SECTION_TABS[section].filter((tab) => canOpenAdminRoute(user, tab.path) === 'allow');
}

/** The first tab of a section the user may open (where its bare route redirects), or null. */
export function firstPermittedTab(user: AccessUser | null, section: AdminSection): string | null {
  return SECTION_TABS[section].find((tab) => canOpenAdminRoute(user, tab.path) === 'allow')?.path ?? null;
}

/**
 * Where a main-menu entry links to: the first tab of its section the user may open. Null means the
 * entry is shown without a link.
 */
export function menuEntryTarget(user: AccessUser | null, section: AdminSection): string | null {
  return firstPermittedTab(user, section);
}

/** The route with this name. */
export function adminRouteByName(name: AdminRouteName): AdminRoute {
  const route = ADMIN_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown admin route ${name}`);
  return route;
}

/**
 * The path of a named route with its parameters filled in and encoded, e.g.
 * `adminPath('flightEdit', { flightId: 12 })` → '/flight/edit/12'.
 * @throws Error when a parameter of the pattern is missing or empty.
 */
export function adminPath(
  name: AdminRouteName,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return adminRouteByName(name).path.replace(/:([A-Za-z]+)/g, (_whole, param: string) => {
    const value = params[param];
    if (value === undefined || String(value) === '') {
      throw new Error(`Route ${name} needs the parameter ${param}`);
    }
    return encodeURIComponent(String(value));
  });
}
