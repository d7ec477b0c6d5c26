import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { FALLBACK_LOCALE, isLocale } from '@flybook/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The pages of a built site: `about-us.html` → `/about-us`, `de.html` → `/de`, `index.html` → `/`. */
function pagesOf(dir: string, base = ''): { route: string; file: string }[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name.startsWith('_') ? [] : pagesOf(dir, relative);
    if (!entry.name.endsWith('.html') || entry.name === '404.html') return [];
    const route = relative === 'index.html' ? '/' : `/${relative.slice(0, -'.html'.length)}`;
    return [{ route, file: relative }];
  });
}

/** A file of a build with the .br and .gz copies scripts/precompress.ts wrote beside it, if any. */
function encodings(path: string) {
  const copy = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : null);
  return { identity: readFileSync(path), br: copy('.br'), gzip: copy('.gz') };
}

/** Whether an Accept-Encoding header takes a coding (by name or `*`, with a q above 0). */
function accepts(header: string | undefined, coding: string) {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return (name === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The best copy the client accepts: brotli, then gzip, else the file as it is. */
function negotiate(header: string | undefined, file: ReturnType<typeof encodings>) {
  if (file.br && accepts(header, 'br')) return { encoding: 'br', body: file.br };
  if (file.gzip && accepts(header, 'gzip')) return { encoding: 'gzip', body: file.gzip };
  return { encoding: null, body: file.identity };
}

/**
 * The built public site at `/`. Every page has its own exact route (a page and a folder of the same
 * name, like about-us.html and about-us/, both exist); other files are served as they are. Hashed
 * assets are cached for a year, pages are revalidated on every visit so a release shows at once.
 * Text files go out brotli- or gzip-compressed when the build has the copies (scripts/precompress.ts).
 */
export async function serveSite(app: FastifyInstance, siteDist: string) {
  await app.register(fastifyStatic, {
    root: siteDist,
    prefix: '/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(response, path) {
      response.header(
        'cache-control',
        path.includes('/_site/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  for (const page of pagesOf(siteDist)) {
    // Pages are small and fixed for the life of a release: read once, answered from memory.
    const html = encodings(join(siteDist, page.file));
    // The recovery page answers its link with the token in the address (/updatePassword/:token).
    // That address carries a secret: nothing may keep it.
    const isRecovery = page.route.endsWith('/updatePassword');
    app.get(isRecovery ? `${page.route}/:recoveryToken` : page.route, (request, reply) => {
      const { encoding, body } = negotiate(request.headers['accept-encoding'], html);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('vary', 'accept-encoding')
        .header('cache-control', isRecovery ? 'no-store' : 'public, max-age=0, must-revalidate')
        .send(body);
    });
    // The same address with a slash after it (typed, or a link written so) is the page, not the
    // folder of the same name, which is no page: sent on to the page, its query kept.
    if (page.route !== '/' && !isRecovery) {
      app.get(`${page.route}/`, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query === -1 ? page.route : page.route + request.url.slice(query), 301);
      });
    }
  }
}

/** The site's Not Found page in the language of the path's prefix, or null when there is no site. */
export function notFoundPageOf(siteDist: string | undefined) {
  if (!siteDist || !existsSync(join(siteDist, '404.html'))) return () => null;
  const pages = new Map<string, string>();
  const pageFor = (locale: string) => {
    const file = locale === FALLBACK_LOCALE ? '404.html' : join(locale, '404.html');
    if (!pages.has(locale)) pages.set(locale, readFileSync(join(siteDist, file), 'utf8'));
    return pages.get(locale)!;
  };
  return (request: FastifyRequest): string | null => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return null;
    const prefix = path.split('/')[1] ?? '';
    return pageFor(isLocale(prefix) ? prefix : FALLBACK_LOCALE);
  };
}
