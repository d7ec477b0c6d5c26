import type { Message } from '@flybook/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { cells, queryOf, rowOf } from '../test/user-pages.ts';
import { MESSAGE_ROUTES } from './routes.ts';

const message = (overrides: Partial<Message> & Pick<Message, 'id' | 'recipient'>): Message => ({
  createdAt: '2031-03-04T09:15:00.000Z',
  channel: 'email',
  template: 'booking-confirmed',
  subject: 'Flybook booking ABC234 confirmed',
  language: 'en',
  status: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2031-03-04T09:15:05.000Z',
  nextAttemptAt: '2031-03-04T09:15:00.000Z',
  reservationId: 7,
  attachments: ['ticket-ABC234.pdf', 'invoice-ABC234.pdf'],
  ...overrides,
});

/** A fake message API: a list, and a resend that puts the message back to waiting. */
function messageApi() {
  const messages: Message[] = [
    message({
      id: 2,
      recipient: 'bounce@example.com',
      template: 'payment-reminder',
      subject: 'Payment reminder ABC234',
      status: 'failed',
      attempts: 5,
      lastError: '550 mailbox unavailable',
      sentAt: null,
      attachments: [],
    }),
    message({ id: 1, recipient: 'teuta@example.com' }),
  ];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handle = (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === 'message/list') {
      const status = request.query.get('status');
      const items = messages.filter((m) => !status || m.status === status);
      return json({ items, total: items.length });
    }
    const resend = /^message\/(\d+)\/resend$/.exec(request.path);
    if (request.method === 'POST' && resend) {
      const found = messages.find((m) => m.id === Number(resend[1]));
      if (!found) return json({ errors: [{ code: 'ERROR_NOT_FOUND', message: 'Not found.' }] }, 404);
      Object.assign(found, { status: 'pending', attempts: 0, lastError: null, sentAt: null });
      return json(found);
    }
    return undefined;
  };
  return { messages, handle };
}

describe('messages page', () => {
  it('lists sent and failed messages with their attempts and errors, filters them, and resends one', async () => {
    const api = messageApi();
    const app = renderAdmin({
      as: 'admin',
      url: '/admin/settings/message/list',
      areaRoutes: MESSAGE_ROUTES,
      handle: api.handle,
    });
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    const failed = await rowOf('bounce@example.com');
    expect(cells(failed).slice(1, 9)).toEqual([
      'bounce@example.com',
      'E-mail',
      'payment-reminder',
      'Payment reminder ABC234',
      'Failed',
      '5',
      '550 mailbox unavailable',
      '',
    ]);
    const sent = await rowOf('teuta@example.com');
    expect(cells(sent).slice(5, 7)).toEqual(['Sent', '1']);
    expect(
      within(sent).getByRole('img', { name: 'Attachments: ticket-ABC234.pdf, invoice-ABC234.pdf' }),
    ).toBeTruthy();
    expect(within(sent).getByRole('link', { name: '7' }).getAttribute('href')).toBe(
      '/admin/reservation/edit/7',
    );
    expect(queryOf(app.api.requests, 'message/list')).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await app.user.type(screen.getByRole('searchbox', { name: 'Recipient' }), 'bounce');
    await waitFor(
      () =>
        expect(queryOf(app.api.requests, 'message/list')).toMatchObject({
          status: 'failed',
          recipient: 'bounce',
        }),
      { timeout: 3000 },
    );

    await app.user.click(
      within(await rowOf('bounce@example.com')).getByRole('button', { name: 'Resend: bounce@example.com' }),
    );
    expect(await screen.findByText('The message will be sent again shortly.')).toBeTruthy();
    expect(app.api.requests.some((r) => r.method === 'POST' && r.path === 'message/2/resend')).toBe(true);
    // The list reloads: the message waits again (and so leaves the "Failed" filter).
    await waitFor(() => expect(screen.queryByText('bounce@example.com')).toBeNull());
    expect(api.messages[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('is for admins only: a manager is sent to the deny page and sees no Messages tab', async () => {
    const app = renderAdmin({
      as: 'manager',
      url: '/admin/settings/message/list',
      areaRoutes: MESSAGE_ROUTES,
    });
    await waitFor(() => expect(app.location()).toBe('/deny'));
    expect(app.api.requests.some((r) => r.path === 'message/list')).toBe(false);
  });
});
