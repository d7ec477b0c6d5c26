import { FALLBACK_LOCALE, LOCALES, type Locale } from '@flybook/locales';
import { type RouteKind, SITE_ROUTES, type SiteRoute } from '../routes.ts';

type Kind = RouteKind['kind'];
/** A route of one page kind, its view narrowed to that kind. */
export type RouteOf<K extends Kind> = SiteRoute & { view: Extract<RouteKind, { kind: K }> };

/** The `[...locale]` parameter of a page: none for English (unprefixed), else the language. */
export const localeParam = (locale: Locale): string | undefined =>
  locale === FALLBACK_LOCALE ? undefined : locale;

/** The routes of one page kind, in the order of SITE_ROUTES (the one table of public routes). */
export const routesOf = <K extends Kind>(kind: K): RouteOf<K>[] =>
  SITE_ROUTES.filter((route): route is RouteOf<K> => route.view.kind === kind);

/**
 * `getStaticPaths` of a page file under `pages/[...locale]/`: the kind's routes in every language,
 * with the file's own parameters (`[step]`, `[outcome]`) taken from the route's view.
 */
export function pagePaths<K extends Kind>(
  kind: K,
  params: (route: RouteOf<K>) => Record<string, string> = () => ({}),
) {
  return LOCALES.flatMap((locale) =>
    routesOf(kind).map((route) => ({
      params: { locale: localeParam(locale), ...params(route) },
      props: { locale, route },
    })),
  );
}
