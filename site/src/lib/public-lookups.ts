/**
 * The two public lookups the home page's search needs, read with plain fetch. The typed client and
 * its zod schemas weigh some 45 KB gzip; the home page has a 110 KB budget, so these two answers are
 * checked by hand here instead (their contract is `airport/flights-map` and `airport/entire-list`).
 */

import type { RouteMap } from '../booking/trip-search.ts';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

async function getJson(path: string): Promise<unknown> {
  const response = await fetch(`/api/v1/${path}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return response.json();
}

function itemsOf(body: unknown, path: string): unknown[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error(`GET ${path}: unexpected answer`);
  return items;
}

export async function loadRouteMap(): Promise<RouteMap> {
  const map: RouteMap = new Map();
  for (const item of itemsOf(await getJson('airport/flights-map'), 'airport/flights-map')) {
    const { origin, destinations } = (item ?? {}) as { origin?: unknown; destinations?: unknown };
    if (typeof origin === 'string' && isStringArray(destinations)) map.set(origin, destinations);
  }
  return map;
}

/** "City (CODE)" per airport code, in the locale (English, then the code, where a name is missing). */
export async function loadAirportNames(locale: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const item of itemsOf(await getJson('airport/entire-list'), 'airport/entire-list')) {
    const { code, city } = (item ?? {}) as { code?: unknown; city?: Record<string, unknown> };
    if (typeof code !== 'string') continue;
    const name = city?.[locale] ?? city?.en;
    names.set(code, typeof name === 'string' && name ? `${name} (${code})` : code);
  }
  return names;
}
