/** Where the SPA is served; router paths inside it are the spec's (`/flight/list`). */
export const ADMIN_BASE = '/admin';

/** Where a user goes after login when nothing else is known (spec 01 §2). */
export const DEFAULT_ADMIN_PATH = '/reservation/list';

export const LOGIN_PATH = '/login';
export const DENY_PAGE_PATH = '/deny';

// Slashes stay readable (?to=/admin/flight/list); everything else, including a nested ?&=, is encoded.
const encodeTo = (value: string) => encodeURIComponent(value).replaceAll('%2F', '/');

/** The login route carrying the original location, e.g. `/login?to=/admin/flight/list`. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const original = `${ADMIN_BASE}${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${LOGIN_PATH}?to=${encodeTo(original)}`;
}

/**
 * The router path a `to` parameter asks to return to, or null when it is not one of ours: only paths
 * under /admin are followed (never another origin, `//host` or a backslash trick), and never the
 * login or deny page themselves.
 */
export function returnPathFrom(to: string | null | undefined): string | null {
  if (!to) return null;
  if (to !== ADMIN_BASE && !to.startsWith(`${ADMIN_BASE}/`) && !to.startsWith(`${ADMIN_BASE}?`)) return null;
  if (to.includes('\\') || to.includes('//')) return null;
  const inner = to.slice(ADMIN_BASE.length);
  const path = inner === '' || inner.startsWith('?') ? `/${inner}` : inner;
  if (/^\/(login|deny)(?:[/?#]|$)/i.test(path)) return null;
  return path;
}
