import { api, defineCall } from '@flybook/schemas';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiRequestError,
  createClient,
  NetworkError,
  RequestSchemaError,
  ResponseSchemaError,
  toQueryString,
} from './index.ts';

/** A fetch that records what was sent and answers with a prepared response. */
function recordingFetch(answer: () => Response) {
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init });
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the API client', () => {
  it('sends GET payloads as a query string with brackets for arrays and objects, nulls skipped', async () => {
    const { fetch, sent } = recordingFetch(() => json(200, { items: [], total: 0 }));
    const client = createClient({ baseUrl: 'http://api.test/api/', fetch, getToken: () => 'tok' });
    await client.call(api.user.list, { query: { page: 1, type: ['agent', 'customer'], query: undefined } });
    expect(sent[0]!.url).toBe('http://api.test/api/v1/user/list?page=1&type[]=agent&type[]=customer');
    expect((sent[0]!.init!.headers as Record<string, string>)['X-AUTH-TOKEN']).toBe('tok');
    expect(toQueryString({ a: null, b: { from: '2026-01-01' }, ids: [1, 2] })).toBe(
      'b[from]=2026-01-01&ids[]=1&ids[]=2',
    );
  });

  it('sends extra headers such as an Idempotency-Key, never in place of its own', async () => {
    const { fetch, sent } = recordingFetch(() => json(200, { items: [], total: 0 }));
    const client = createClient({ baseUrl: '/api', fetch, getToken: () => 'tok' });
    await client.call(
      api.user.list,
      { query: {} },
      { headers: { 'Idempotency-Key': 'abc', 'X-AUTH-TOKEN': 'forged', Accept: 'text/plain' } },
    );
    const headers = sent[0]!.init!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('abc');
    expect(headers['X-AUTH-TOKEN']).toBe('tok');
    expect(headers.Accept).toBe('application/json');
  });

  it('does not send a request that fails its schema', async () => {
    const { fetch, sent } = recordingFetch(() => json(200, { token: 'x' }));
    const client = createClient({ baseUrl: '/api', fetch });
    await expect(
      client.call(api.auth.login, { body: { login: '  ', password: 'x' } }),
    ).rejects.toBeInstanceOf(RequestSchemaError);
    expect(sent).toHaveLength(0);
  });

  it('raises when an answer does not match its schema', async () => {
    const { fetch } = recordingFetch(() => json(200, { token: 42 }));
    const client = createClient({ baseUrl: '/api', fetch });
    await expect(
      client.call(api.auth.login, { body: { login: 'a@b.ch', password: 'x' } }),
    ).rejects.toBeInstanceOf(ResponseSchemaError);
  });

  it('raises every failure with status and body, and clears the session on 401 except on login', async () => {
    const body = {
      errors: [{ code: 'ERROR_SESSION_EXPIRED', message: 'The session has expired. Login again.' }],
    };
    const { fetch } = recordingFetch(() => json(401, body));
    const onUnauthorized = vi.fn();
    const client = createClient({ baseUrl: '/api', fetch, onUnauthorized });
    const error = await client.call(api.user.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, body, code: 'ERROR_SESSION_EXPIRED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await client.call(api.auth.login, { body: { login: 'a@b.ch', password: 'bad' } }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('after a lapsed session, sends a public read again as a guest but never a write', async () => {
    const expired = {
      errors: [{ code: 'ERROR_SESSION_EXPIRED', message: 'The session has expired. Login again.' }],
    };
    let token: string | null = 'stale';
    const { fetch, sent } = recordingFetch(() => {
      const withToken = (sent.at(-1)!.init!.headers as Record<string, string>)['X-AUTH-TOKEN'];
      if (withToken) return json(401, expired);
      return sent.at(-1)!.init!.method === 'GET' ? json(200, { items: [] }) : json(201, {});
    });
    const onUnauthorized = vi.fn(() => {
      token = null;
    });
    const client = createClient({ baseUrl: '/api', fetch, getToken: () => token, onUnauthorized });
    await expect(client.call(api.lookup.publicCountryList)).resolves.toEqual({ items: [] });
    expect(sent.map((request) => (request.init!.headers as Record<string, string>)['X-AUTH-TOKEN'])).toEqual([
      'stale',
      undefined,
    ]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    token = 'stale-again';
    sent.length = 0;
    const write = defineCall({
      method: 'POST',
      path: 'x',
      summary: 'a public write',
      auth: 'public',
      body: z.object({}),
      response: z.object({}),
    });
    const error = await client.call(write, { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'ERROR_SESSION_EXPIRED' });
    expect(sent).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(token).toBeNull();
  });

  it('keeps a non-JSON error text and reports network failures as such', async () => {
    const client = createClient({
      baseUrl: '/api',
      fetch: recordingFetch(() => new Response('Bad gateway', { status: 502 })).fetch,
    });
    await expect(client.call(api.user.me)).rejects.toMatchObject({
      status: 502,
      body: null,
      message: 'Bad gateway',
    });
    const offline = createClient({
      baseUrl: '/api',
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    await expect(offline.call(api.user.me)).rejects.toBeInstanceOf(NetworkError);
  });

  it('answers 204 as undefined and returns files raw with the Content-Disposition name', async () => {
    const empty = createClient({
      baseUrl: '/api',
      fetch: recordingFetch(() => new Response(null, { status: 204 })).fetch,
    });
    await expect(empty.call(api.auth.logout)).resolves.toBeUndefined();
    const pdfCall = defineCall({
      method: 'GET',
      path: 'x/{id}/pdf',
      summary: 'pdf',
      auth: 'user',
      params: z.object({ id: z.number() }),
      response: 'file',
      fileName: 'Invoice.pdf',
    });
    const named = createClient({
      baseUrl: '/api',
      fetch: recordingFetch(
        () =>
          new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="Ticket_.pdf"; filename*=UTF-8''Ticket%C3%9C.pdf`,
            },
          }),
      ).fetch,
    });
    const file = await named.call(pdfCall, { params: { id: 1 } });
    expect(file.fileName).toBe('TicketÜ.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const unnamed = createClient({
      baseUrl: '/api',
      fetch: recordingFetch(() => new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }))
        .fetch,
    });
    expect((await unnamed.call(pdfCall, { params: { id: 1 } })).fileName).toBe('Invoice.pdf');
  });
});
