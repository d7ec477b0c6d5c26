import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One year: browsers keep to HTTPS for this long after an answer over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /**
   * CSP hashes (`'sha256-…'`) of the inline scripts the built pages carry: Astro's island loader and
   * the site's own small `is:inline` scripts. Nothing else inline runs.
   */
  scriptHashes: readonly string[];
  /** Origins besides our own that forms may post to (the card provider's payment page). */
  formActionOrigins: readonly string[];
  /** GraphiQL (dev only) loads its editor from a CDN: its page gets no CSP. */
  graphiql: boolean;
}

/**
 * The Content-Security-Policy of every page we serve (site, back office, the card stand-in's page).
 * Scripts only from our origin or by hash: no `'unsafe-inline'`, no `eval`. Styles allow inline,
 * because the back office's data grid (ag-grid) and the stand-in's page write `<style>` elements;
 * an injected style cannot run code. No page may be framed (`frame-ancestors 'none'`).
 */
export function contentSecurityPolicy(options: Omit<SecurityHeaderOptions, 'graphiql'>): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...options.formActionOrigins],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** JSON, PDFs and files: nothing in them may load or run anything. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The CSP hash of a script's text, as the browser computes it. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every distinct inline script (no `src`) of the built HTML pages below `dir`, as CSP hashes. */
export function inlineScriptHashes(dir: string | undefined): string[] {
  if (!dir || !existsSync(dir)) return [];
  const hashes = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          const attributes = match[1] ?? '';
          if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
            continue;
          hashes.add(cspHash(match[2] ?? ''));
        }
      }
    }
  };
  walk(dir);
  return [...hashes].sort();
}

/** Whether the client reached us over TLS: directly, or by a trusted proxy's X-Forwarded-Proto. */
const overTls = (request: FastifyRequest) => request.protocol === 'https';

/**
 * Security headers on every answer, errors and static files included. HSTS only over TLS: a
 * plain-HTTP answer cannot set it (browsers ignore it), and a local `npm start` must stay reachable
 * over http. Behind a TLS-terminating proxy, set TRUST_PROXY=1 so its X-Forwarded-Proto counts.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const pagePolicy = contentSecurityPolicy(options);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (overTls(request)) reply.header('strict-transport-security', HSTS);
    if (options.graphiql && path === '/graphql') return;
    reply.header('content-security-policy', path.startsWith('/api/') ? API_POLICY : pagePolicy);
  });
}
