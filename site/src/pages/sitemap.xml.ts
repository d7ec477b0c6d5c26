import { LOCALES } from '@flybook/locales';
import type { APIRoute } from 'astro';
import { localizedPath, SITE_ROUTES } from '../routes.ts';

/** Every indexable route in every language, each with its language alternates. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const url = (path: string) => new URL(path, base).href;
  const indexable = SITE_ROUTES.filter(
    (route) => route.view.kind === 'home' || route.view.kind === 'content',
  );
  const entries = indexable.flatMap((route) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${other}" href="${url(localizedPath(route.path, other))}"/>`,
      ).join('');
      return `<url><loc>${url(localizedPath(route.path, locale))}</loc>${alternates}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml' } });
};
