import { FALLBACK_LOCALE, LOCALES, type Locale } from '@flybook/locales';
import { STEPS, type StepName } from './booking/steps.ts';

/**
 * What a public route shows: the home page, a content page (by its content slug), or a status page.
 * Each kind has its page file in `pages/` (docs/site.md, "Page files"), which takes its routes from here.
 */
export type RouteKind =
  | { kind: 'home' }
  | { kind: 'content'; slug: string; extras?: 'team' | 'history' | 'partners' | 'flightsBoard' }
  | { kind: 'login' }
  | { kind: 'accountReservations' }
  | { kind: 'accountDetails' }
  | { kind: 'cardResult'; outcome: 'success' | 'error' | 'cancel' }
  | { kind: 'bookingFlight'; step: StepName }
  | { kind: 'manageBooking' }
  | { kind: 'checkIn' }
  | { kind: 'updatePassword' }
  | { kind: 'deny' }
  | { kind: 'notFound' };

/** Pages with an island (client-side code); all others ship no script beyond the locale script. */
export const hasIsland = (route: SiteRoute) =>
  route.view.kind === 'home' ||
  route.view.kind === 'login' ||
  route.view.kind === 'accountReservations' ||
  route.view.kind === 'accountDetails' ||
  route.view.kind === 'cardResult' ||
  route.view.kind === 'bookingFlight' ||
  route.view.kind === 'manageBooking' ||
  route.view.kind === 'checkIn' ||
  route.view.kind === 'updatePassword' ||
  (route.view.kind === 'content' && route.view.extras === 'flightsBoard');

export interface SiteRoute {
  /** The path without locale prefix, '' for home (spec 01 §2 Public routes). */
  path: string;
  /** Key under `site.nav` naming the page in menus and titles where content has none. */
  navKey?: string;
  view: RouteKind;
}

/**
 * Every pre-rendered public route. Spec 01 §2 lists "/about-us with /history, /imprint …" and
 * "/information with /baggage …": the children live under their section's path.
 */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '', view: { kind: 'home' } },
  { path: 'about-us', navKey: 'aboutUsPage', view: { kind: 'content', slug: 'about-us', extras: 'team' } },
  {
    path: 'about-us/history',
    navKey: 'history',
    view: { kind: 'content', slug: 'history', extras: 'history' },
  },
  {
    path: 'about-us/partners',
    navKey: 'partners',
    view: { kind: 'content', slug: 'partners', extras: 'partners' },
  },
  { path: 'about-us/location', navKey: 'location', view: { kind: 'content', slug: 'location' } },
  { path: 'about-us/imprint', navKey: 'imprint', view: { kind: 'content', slug: 'imprint' } },
  {
    path: 'about-us/data-protection',
    navKey: 'dataProtection',
    view: { kind: 'content', slug: 'data-protection' },
  },
  {
    path: 'about-us/terms-and-conditions',
    navKey: 'terms',
    view: { kind: 'content', slug: 'terms-and-conditions' },
  },
  { path: 'information', navKey: 'beforeTraveling', view: { kind: 'content', slug: 'before-traveling' } },
  { path: 'information/baggage', navKey: 'baggage', view: { kind: 'content', slug: 'baggage' } },
  { path: 'information/health', navKey: 'health', view: { kind: 'content', slug: 'health' } },
  { path: 'information/safety', navKey: 'safety', view: { kind: 'content', slug: 'safety' } },
  { path: 'flights', navKey: 'flights', view: { kind: 'content', slug: 'flights', extras: 'flightsBoard' } },
  { path: 'contact', navKey: 'contactSwitzerland', view: { kind: 'content', slug: 'contact' } },
  { path: 'contact/kosovo', navKey: 'contactKosovo', view: { kind: 'content', slug: 'contact-kosovo' } },
  {
    path: 'contact/macedonia',
    navKey: 'contactMacedonia',
    view: { kind: 'content', slug: 'contact-macedonia' },
  },
  // The booking wizard: a page per step (spec 02 §2 /booking/flight/:stepName).
  ...STEPS.map(
    (step): SiteRoute => ({ path: `booking/flight/${step}`, view: { kind: 'bookingFlight', step } }),
  ),
  { path: 'booking/car', navKey: 'bookingCar', view: { kind: 'content', slug: 'car' } },
  { path: 'booking/hotel', navKey: 'bookingHotel', view: { kind: 'content', slug: 'hotels' } },
  // Manage my booking (docs/booking-manage.md): also opened from e-mail links with ?ref=…&key=….
  { path: 'booking/manage', navKey: 'bookingManage', view: { kind: 'manageBooking' } },
  // Online check-in (docs/check-in.md): also opened from manage my booking with ?ref=….
  { path: 'check-in', navKey: 'checkIn', view: { kind: 'checkIn' } },
  { path: 'login', view: { kind: 'login' } },
  { path: 'account/reservations', navKey: 'accountReservations', view: { kind: 'accountReservations' } },
  { path: 'account/details', navKey: 'accountDetails', view: { kind: 'accountDetails' } },
  // Where the card provider sends the payer back (spec 02 §2), with the transaction's id.
  { path: 'datatrans/success', view: { kind: 'cardResult', outcome: 'success' } },
  { path: 'datatrans/error', view: { kind: 'cardResult', outcome: 'error' } },
  { path: 'datatrans/cancel', view: { kind: 'cardResult', outcome: 'cancel' } },
  // Served for /updatePassword/:recoveryToken (the token is read from the address in the browser).
  { path: 'updatePassword', view: { kind: 'updatePassword' } },
  { path: 'deny', view: { kind: 'deny' } },
  // Not linked: the server answers unknown paths with the 404 page of the path's locale.
  { path: '404', view: { kind: 'notFound' } },
];

/**
 * A path in a locale: English unprefixed, the others under /de, /fr, /sq. The same as astro:i18n's
 * `getRelativeLocaleUrl`, which the page files use; this one is for code outside Astro (the
 * sitemap, tests, page weights), and the build test checks the pages' links against it.
 */
export function localizedPath(path: string, locale: Locale): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (locale === FALLBACK_LOCALE) return `/${clean}`;
  return clean ? `/${locale}/${clean}` : `/${locale}`;
}

/** The locale and the unprefixed path of a URL path. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [first, ...rest] = pathname.replace(/^\/+|\/+$/g, '').split('/');
  const prefixed = LOCALES.find((locale) => locale !== FALLBACK_LOCALE && locale === first);
  return prefixed
    ? { locale: prefixed, path: rest.join('/') }
    : { locale: FALLBACK_LOCALE, path: pathname.replace(/^\/+|\/+$/g, '') };
}

export interface NavItem {
  key: string;
  href: string;
}
export interface NavGroup {
  key: string;
  /** A group either links directly or opens its children. */
  href?: string;
  children?: NavItem[];
}

/** The public menu (spec 01 §2 Menus): Booking, About Us, Information, Flights, Contact, Account. */
export const PUBLIC_MENU: readonly NavGroup[] = [
  {
    key: 'booking',
    children: [
      { key: 'bookingFlight', href: 'booking/flight/travel-dates' },
      { key: 'bookingCar', href: 'booking/car' },
      { key: 'bookingHotel', href: 'booking/hotel' },
      { key: 'bookingManage', href: 'booking/manage' },
      { key: 'checkIn', href: 'check-in' },
    ],
  },
  {
    key: 'aboutUs',
    children: [
      { key: 'aboutUsPage', href: 'about-us' },
      { key: 'history', href: 'about-us/history' },
      { key: 'partners', href: 'about-us/partners' },
      { key: 'location', href: 'about-us/location' },
    ],
  },
  {
    key: 'information',
    children: [
      { key: 'beforeTraveling', href: 'information' },
      { key: 'baggage', href: 'information/baggage' },
      { key: 'health', href: 'information/health' },
      { key: 'safety', href: 'information/safety' },
    ],
  },
  { key: 'flights', href: 'flights' },
  {
    key: 'contact',
    children: [
      { key: 'contactSwitzerland', href: 'contact' },
      { key: 'contactKosovo', href: 'contact/kosovo' },
      { key: 'contactMacedonia', href: 'contact/macedonia' },
    ],
  },
  {
    key: 'account',
    children: [
      { key: 'accountReservations', href: 'account/reservations' },
      { key: 'accountDetails', href: 'account/details' },
    ],
  },
];

/**
 * The section a content page belongs to, for its side navigation: the menu group of its first path
 * segment, followed by the section's other pages that the menu leaves to the footer (imprint, terms…).
 * Pages without a section of their own (flights) get none.
 */
export function sectionOf(path: string): NavGroup | undefined {
  const top = path.split('/')[0];
  const group = PUBLIC_MENU.find((candidate) =>
    candidate.children?.some((child) => child.href.split('/')[0] === top),
  );
  if (!group?.children) return undefined;
  const listed = new Set(group.children.map((child) => child.href));
  const more = SITE_ROUTES.flatMap((route) =>
    route.view.kind === 'content' &&
    route.navKey &&
    route.path.split('/')[0] === top &&
    !listed.has(route.path)
      ? [{ key: route.navKey, href: route.path }]
      : [],
  );
  return { key: group.key, children: [...group.children, ...more] };
}

/** The groups shown as columns in the footer (the account has its own place in the header). */
export const FOOTER_GROUPS: readonly string[] = ['booking', 'aboutUs', 'information', 'contact'];

/** The legal links at the foot of every page. */
export const FOOTER_LINKS: readonly NavItem[] = [
  { key: 'imprint', href: 'about-us/imprint' },
  { key: 'dataProtection', href: 'about-us/data-protection' },
  { key: 'terms', href: 'about-us/terms-and-conditions' },
  { key: 'contact', href: 'contact' },
];
