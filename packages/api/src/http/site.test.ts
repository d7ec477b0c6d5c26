import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let app: FastifyInstance;
let siteDist: string;

/** A built site in miniature: pages as Astro writes them (build.format 'file') and one asset. */
function writeSite(dir: string) {
  const files: Record<string, string> = {
    'index.html': '<html lang="en">home</html>',
    'about-us.html': '<html lang="en">about</html>',
    'about-us/history.html': '<html lang="en">history</html>',
    'de.html': '<html lang="de">start</html>',
    'de/about-us.html': '<html lang="de">über uns</html>',
    '404.html': '<html lang="en">Page is not found.</html>',
    'de/404.html': '<html lang="de">Seite nicht gefunden.</html>',
    'updatePassword.html': '<html lang="en">new password</html>',
    'de/updatePassword.html': '<html lang="de">neues Passwort</html>',
    '_site/site.abc123.css': 'body{}',
    'sitemap.xml': '<urlset/>',
    'flights.html': `<html lang="en">${'<p>Flights to Pristina</p>'.repeat(100)}</html>`,
    '_site/island.abc123.js': `export const flights = ${JSON.stringify(Array(200).fill('PRN'))};`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const get = (url: string, accept = 'text/html') => app.inject({ method: 'GET', url, headers: { accept } });

beforeAll(async () => {
  siteDist = mkdtempSync(join(tmpdir(), 'flybook-site-dist-'));
  writeSite(siteDist);
  // What the build does after astro build: .br and .gz copies of the larger text files.
  precompress(siteDist);
  t = await createTestApp();
  app = await buildApp({ database: t.database, config: loadConfig({ NODE_ENV: 'test' }), siteDist });
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(siteDist, { recursive: true, force: true });
});

describe('serving the public site', () => {
  it('answers every page at its exact path, also where a folder has the same name', async () => {
    for (const [url, text] of [
      ['/', 'home'],
      ['/about-us', 'about'],
      ['/about-us/history', 'history'],
      ['/de', 'start'],
      ['/de/about-us', 'über uns'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(response.body).toContain(text);
    }
  });

  it('sends an address with a slash after it on to its page, its query kept', async () => {
    for (const [url, location] of [
      ['/de/', '/de'],
      ['/about-us/', '/about-us'],
      ['/de/about-us/?from=mail&x=1', '/de/about-us?from=mail&x=1'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location).toBe(location);
    }
    // The files in a folder of a page's name are still its own.
    expect((await get('/about-us/history')).body).toContain('history');
  });

  it("answers recovery links with the site's page in their language, kept by no cache", async () => {
    const english = await get('/updatePassword/abc_DEF-123');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('new password');
    expect(english.headers['cache-control']).toBe('no-store');
    const german = await get('/de/updatePassword/abc_DEF-123');
    expect(german.body).toContain('neues Passwort');
    expect((await get('/it/updatePassword/abc')).statusCode).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/_site/site.abc123.css', 'text/css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends pages and assets brotli- or gzip-compressed to browsers that take it, else as they are', async () => {
    const page = `<html lang="en">${'<p>Flights to Pristina</p>'.repeat(100)}</html>`;
    const compressed = (url: string, encoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { accept: '*/*', ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
      });
    const brotli = await compressed('/flights', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page);
    const gzip = await compressed('/flights', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    const plain = await compressed('/flights');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);

    const asset = await compressed('/_site/island.abc123.js', 'gzip, br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('export const flights');
    // Small files gain nothing from compression and go out as they are.
    const small = await compressed('/_site/site.abc123.css', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('body{}');
  });

  it("answers unknown pages with 404 and the Not Found page of the path's language", async () => {
    const german = await get('/de/gibt-es-nicht');
    expect(german.statusCode).toBe(404);
    expect(german.body).toContain('Seite nicht gefunden.');
    const english = await get('/nowhere/at/all');
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain('Page is not found.');
  });

  it('keeps JSON errors for the API and for callers that do not ask for a page', async () => {
    const api = await get('/api/v1/nowhere');
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('ERROR_NOT_FOUND');
    const script = await get('/nowhere', 'application/json');
    expect(script.json().errors[0].code).toBe('ERROR_NOT_FOUND');
    expect((await get('/api/v1/lookup/does-not-exist')).headers['content-type']).toContain(
      'application/json',
    );
  });

  it('still serves the API and the content service next to the site', async () => {
    const graphql = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ milestones(locale: "en") { year } }' },
    });
    expect(graphql.statusCode).toBe(200);
    expect(graphql.json().data.milestones.length).toBeGreaterThan(0);
    const countries = await app.inject({ method: 'GET', url: '/api/v1/public/country/list' });
    expect(countries.statusCode).toBe(200);
  });
});
