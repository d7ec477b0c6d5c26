import type { Reservation } from '@flybook/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fake-api.ts';
import { fakeReservation } from '../../test/fake-payments.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { RESERVATION_ROUTES } from '../routes.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pdf = (name: string) =>
  new Response(new Blob(['%PDF fake']), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

const ROLES = ['ROLE_RESERVATION_LIST', 'ROLE_RESERVATION_READ', 'ROLE_RESERVATION_SNAPSHOT_LIST'];

/** Three versions: booked and paid, changed, then cancelled with a refund (its credit note). */
function versions(): { version: number; datetime: string; user: null; snapshot: Reservation }[] {
  const booked = fakeReservation({ id: 42 }, { status: 'paid', totalPaid: 300, total: 300 });
  const changed: Reservation = { ...booked, comment: 'window seat asked' };
  const cancelled: Reservation = {
    ...changed,
    status: 'cancelled',
    hasCreditNote: true,
    invoice: { ...changed.invoice, total: 20, totalPaid: 20 },
  };
  return [cancelled, changed, booked].map((snapshot, index) => ({
    version: 3 - index,
    datetime: `2031-06-0${3 - index}T08:00:00.000Z`,
    user: null,
    snapshot,
  }));
}

function open(items = versions()) {
  return renderAdmin({
    as: 'manager',
    url: '/admin/reservation/history/42',
    areaRoutes: RESERVATION_ROUTES,
    roles: { manager: ROLES },
    handle: (request: FakeRequest) => {
      if (request.method === 'GET' && request.path === 'reservation/42/snapshot/list') {
        return json({ items });
      }
      if (
        request.method === 'GET' &&
        /^reservation\/42\/credit-note\/pdf\/(de|en|fr|sq)$/.test(request.path)
      ) {
        return pdf('CreditNote.pdf');
      }
      return undefined;
    },
  });
}

const saved: string[] = [];
const click = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = click;
  saved.length = 0;
});

describe('the reservation history', () => {
  it('opens the credit note from the version the cancellation wrote, and from no other', async () => {
    const app = open();
    await screen.findByText('Version 3', {}, { timeout: 3000 });
    // One entry per version, newest first (each lists its changes in a list of its own).
    const entries = [...document.querySelectorAll('ol.history > li')];
    expect(entries).toHaveLength(3);
    expect(within(entries[0] as HTMLElement).getByText('Version 3')).toBeTruthy();
    // Newest first: only the cancellation's version offers the credit note.
    const buttons = screen.getAllByRole('button', { name: 'Credit note (PDF)' });
    expect(buttons).toHaveLength(1);
    expect(entries[0]!.contains(buttons[0]!)).toBe(true);
    await app.user.click(buttons[0]!);
    await waitFor(() => expect(saved).toEqual(['CreditNote.pdf']));
    expect(app.api.requests.some((request) => request.path === 'reservation/42/credit-note/pdf/en')).toBe(
      true,
    );
  });

  it('offers no credit note when the cancellation gave nothing back', async () => {
    const items = versions();
    items[0]!.snapshot = { ...items[0]!.snapshot, hasCreditNote: false };
    open(items);
    await screen.findByText('Version 3', {}, { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Credit note (PDF)' })).toBeNull();
  });
});
