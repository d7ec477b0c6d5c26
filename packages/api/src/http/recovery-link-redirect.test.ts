import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe('the recovery link until the public site exists', () => {
  it('sends /updatePassword/:token to the back office page of the same name', async () => {
    const response = await get('/updatePassword/abc_DEF-123');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/admin/updatePassword/abc_DEF-123');
  });

  it.each(['de', 'fr', 'sq', 'en'])(
    'sends /%s/updatePassword/:token there with the language',
    async (locale) => {
      const response = await get(`/${locale}/updatePassword/abc_DEF-123`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/admin/updatePassword/abc_DEF-123?lang=${locale}`);
    },
  );

  it('does not redirect a locale we do not offer, nor the API prefix', async () => {
    for (const url of ['/it/updatePassword/abc', '/DE/updatePassword/abc', '/api/updatePassword/abc']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
      expect(response.body.errors[0].code, url).toBe('ERROR_NOT_FOUND');
    }
  });

  it('leads the link of a German recovery e-mail to the page in German', async () => {
    const recover = await t.request({
      method: 'POST',
      url: '/api/v1/auth/recover-password/de',
      payload: { email: 'agent@flybook.test' },
    });
    expect(recover.status).toBe(204);
    const outbox = await get('/api/dev/outbox?recipient=agent%40flybook.test');
    const link = /http:\/\/flybook\.test(\/de\/updatePassword\/([\w-]+))/.exec(outbox.body.items[0].body);
    expect(link).not.toBeNull();
    const response = await get(link![1]!);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/admin/updatePassword/${link![2]}?lang=de`);
  });

  describe('with the back office built', () => {
    let dist: string;
    let served: FastifyInstance;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'flybook-admin-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Flybook back office</title>');
      served = await buildApp({ database: t.database, config: t.config, adminDist: dist });
    });
    afterAll(async () => {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('serves the page the redirect points to, not the redirect again', async () => {
      const response = await served.inject({ method: 'GET', url: '/admin/updatePassword/abc?lang=de' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Flybook back office');
    });
  });
});
