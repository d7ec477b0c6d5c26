import type { ReservationListItem } from '@flybook/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../test/fake-api.ts';
import { fakeReservation, listItem } from '../../test/fake-payments.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { RESERVATION_ROUTES } from '../routes.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A listed reservation in a state, on a flight in a state. */
function row(
  id: number,
  status: ReservationListItem['status'],
  flightStatus: ReservationListItem['flights'][number]['status'] = 'created',
): ReservationListItem {
  return {
    ...listItem(id, status, 300, 0),
    passengerCount: 2,
    billingInformation: { firstName: 'Drita', lastName: `Gashi ${id}`, email: `drita${id}@example.test` },
    flights: [
      {
        id: 10 + id,
        number: `FB${100 + id}`,
        direction: 'outbound',
        departure: '2031-06-09T04:30:00.000Z',
        status: flightStatus,
        origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
        destination: { code: 'PRN', timezone: 'Europe/Belgrade' },
      },
    ],
  };
}

const MANAGER_ROLES = [
  'ROLE_RESERVATION_LIST',
  'ROLE_RESERVATION_READ',
  'ROLE_RESERVATION_UPDATE',
  'ROLE_RESERVATION_CREATE',
  'ROLE_FLIGHT_LIST',
  'ROLE_RESERVATION_CANCEL',
  'ROLE_RESERVATION_SPLIT',
  'ROLE_RESERVATION_SNAPSHOT_LIST',
  'ROLE_RESERVATION_SMS',
];

function open(rows: ReservationListItem[], url = '/admin/reservation/list') {
  return renderAdmin({
    as: 'manager',
    url,
    areaRoutes: RESERVATION_ROUTES,
    roles: { manager: MANAGER_ROLES },
    handle: (request: FakeRequest) => {
      if (request.method === 'GET' && request.path === 'reservation/list') {
        return json({ items: rows, total: rows.length });
      }
      const one = /^reservation\/(\d+)$/.exec(request.path);
      if (request.method === 'GET' && one) {
        return json(fakeReservation({ id: Number(one[1]) }));
      }
      if (request.method === 'POST' && /^reservation\/\d+\/split$/.test(request.path)) {
        return json(fakeReservation({ id: 43 }), 201);
      }
      if (request.method === 'POST' && /^reservation\/\d+\/cancel$/.test(request.path)) {
        return json({ ...fakeReservation(), status: 'cancelled' });
      }
      if (request.method === 'GET' && /^reservation\/\d+\/credit-note\/pdf\/en$/.test(request.path)) {
        return new Response(new Blob(['%PDF fake']), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="CreditNote.pdf"',
          },
        });
      }
      if (request.method === 'PUT' && request.path === 'reservation/list/notification') {
        return json({ sent: (request.body as { ids: number[] }).ids.length });
      }
      return undefined;
    },
  });
}

const rowOf = async (id: number) => {
  const name = await screen.findByText(`Drita Gashi ${id}`);
  const found = name.closest('[role="row"]');
  if (!(found instanceof HTMLElement)) throw new Error(`no row for ${id}`);
  return found;
};

describe('the reservation list page', () => {
  it('asks for active reservations in the default statuses, newest first, 15 a page', async () => {
    const app = open([row(1, 'reserved')]);
    await rowOf(1);
    const query = app.api.requests.find((request) => request.path === 'reservation/list')?.query;
    expect(query?.get('isActive')).toBe('true');
    expect(query?.getAll('reservationStatus[]')).toEqual(['created', 'confirmed', 'reserved']);
    expect(query?.get('sortBy')).toBe('createdAt');
    expect(query?.get('sortOrder')).toBe('DESC');
    expect(query?.get('pageSize')).toBe('15');
  });

  it('folds statuses, terms and dates behind "More filters", which says how many are set', async () => {
    const app = open([row(1, 'reserved')]);
    await rowOf(1);
    const more = screen.getByRole('button', { name: 'More filters' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Cancelled' })).toBeNull();
    await app.user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await app.user.click(screen.getByRole('checkbox', { name: 'Cancelled' }));
    expect(await screen.findByText('1 set')).toBeTruthy();
    // Folded again, the bar still says a filter is set.
    await app.user.click(screen.getByRole('button', { name: /Fewer filters/ }));
    expect(screen.queryByRole('checkbox', { name: 'Cancelled' })).toBeNull();
    expect(screen.getByRole('button', { name: /More filters/ }).textContent).toContain('1 set');
  });

  it("shows each booking's record locator with its booking time, next to the internal number", async () => {
    open([
      { ...row(1, 'reserved'), recordLocator: 'K7QX2M' },
      { ...row(2, 'confirmed'), recordLocator: 'HXM2PC' },
    ]);
    expect(await screen.findByRole('columnheader', { name: 'Reference, booked' })).toBeTruthy();
    expect(within(await rowOf(1)).getByText('K7QX2M')).toBeTruthy();
    expect(within(await rowOf(2)).getByText('HXM2PC')).toBeTruthy();
    expect(within(await rowOf(2)).queryByText('K7QX2M')).toBeNull();
  });

  it('offers each row its actions by state: a cancelled one only its history and invoice', async () => {
    const app = open([row(1, 'reserved'), row(2, 'cancelled')]);
    const open1 = await rowOf(1);
    expect(within(open1).getByRole('link', { name: 'Edit: reservation 1' })).toBeTruthy();
    const cancelled = await rowOf(2);
    expect(
      within(cancelled).getByRole('button', { name: 'Edit: reservation 2' }).hasAttribute('disabled'),
    ).toBe(true);
    await app.user.click(within(cancelled).getByRole('button', { name: 'More actions for reservation 2' }));
    const menu = await screen.findByRole('menu');
    const state = (name: string) =>
      within(menu).getByRole('menuitem', { name }).getAttribute('aria-disabled');
    expect(state('Cancel reservation…')).toBe('true');
    expect(state('Split…')).toBe('true');
    expect(state('History')).toBeNull();
  });

  it('downloads the credit note of a cancellation that gave money back from the row menu', async () => {
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const app = open([row(1, 'cancelled'), { ...row(2, 'cancelled'), hasCreditNote: true }]);
      await app.user.click(
        within(await rowOf(1)).getByRole('button', { name: 'More actions for reservation 1' }),
      );
      expect(
        within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Credit note (PDF)' }),
      ).toBeNull();
      await app.user.keyboard('{Escape}');
      await app.user.click(
        within(await rowOf(2)).getByRole('button', { name: 'More actions for reservation 2' }),
      );
      await app.user.click(await screen.findByRole('menuitem', { name: 'Credit note (PDF)' }));
      await waitFor(() => expect(saved).toEqual(['CreditNote.pdf']));
      expect(app.api.requests.some((request) => request.path === 'reservation/2/credit-note/pdf/en')).toBe(
        true,
      );
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('keeps cancel disabled once a flight is closed, for a user without the closed-flight role', async () => {
    const app = open([row(3, 'reserved', 'closed')]);
    await app.user.click(
      within(await rowOf(3)).getByRole('button', { name: 'More actions for reservation 3' }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu).getByRole('menuitem', { name: 'Cancel reservation…' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('cancels with the fee typed, after refusing a fee with three decimals', async () => {
    const app = open([row(1, 'reserved')]);
    await app.user.click(
      within(await rowOf(1)).getByRole('button', { name: 'More actions for reservation 1' }),
    );
    await app.user.click(await screen.findByRole('menuitem', { name: 'Cancel reservation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel reservation 1' });
    const fee = within(dialog).getByRole('textbox', { name: /Cancellation fee/ });
    await app.user.type(fee, '12.345');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(await within(dialog).findByText(/at most two decimals/)).toBeTruthy();
    await app.user.clear(fee);
    await app.user.type(fee, '25');
    await app.user.dblClick(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('Reservation cancelled')).toBeTruthy();
    const cancels = app.api.requests.filter((request) => request.path === 'reservation/1/cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.body).toEqual({ fee: 25 });
    // Cancelling moves money (refund, fee): it is sent once per intent, with its key.
    expect(cancels[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('splits a passenger off once, however fast Split is clicked twice', async () => {
    const app = open([row(1, 'reserved')]);
    await app.user.click(
      within(await rowOf(1)).getByRole('button', { name: 'More actions for reservation 1' }),
    );
    await app.user.click(await screen.findByRole('menuitem', { name: 'Split…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split reservation 1' });
    await app.user.click(await within(dialog).findByRole('radio', { name: /Vjosa/ }));
    await app.user.dblClick(within(dialog).getByRole('button', { name: 'Split' }));
    expect(await screen.findByText('Reservation separated successfully')).toBeTruthy();
    const splits = app.api.requests.filter((request) => request.path === 'reservation/1/split');
    expect(splits).toHaveLength(1);
    expect(splits[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends an SMS to the chosen reservations only once the message is written', async () => {
    const app = open([row(1, 'reserved'), row(2, 'confirmed')]);
    await app.user.click(within(await rowOf(2)).getByRole('checkbox', { name: 'Select reservation 2' }));
    expect(screen.getByText('Reservations selected: 1')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Send SMS…' }));
    const dialog = await screen.findByRole('dialog', { name: 'SMS to 1 reservations' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    expect(await within(dialog).findByText('Please write the message.')).toBeTruthy();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Gate B12');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Notifications were sent.')).toBeTruthy();
    const sent = app.api.requests.find((request) => request.path === 'reservation/list/notification');
    expect(sent?.body).toEqual({ ids: [2], content: 'Gate B12' });
    await waitFor(() => expect(screen.getByText('No reservations selected')).toBeTruthy());
  });

  it('marks the reservation the address points to, in the middle of the screen', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      open([row(1, 'reserved'), row(2, 'reserved')], '/admin/reservation/list?highlightReservationId=2');
      const marked = await rowOf(2);
      expect(marked.classList.contains('list-row--highlight')).toBe(true);
      expect((await rowOf(1)).classList.contains('list-row--highlight')).toBe(false);
      await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: 'center' }));
      expect(scrolled.mock.contexts).toContain(marked);
    } finally {
      // jsdom has no scrolling of its own.
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('says when the marked reservation is not on this page, and finds it by its number', async () => {
    const app = renderAdmin({
      as: 'manager',
      url: '/admin/reservation/list?highlightReservationId=3',
      areaRoutes: RESERVATION_ROUTES,
      roles: { manager: MANAGER_ROLES },
      handle: (request: FakeRequest) => {
        if (request.method !== 'GET' || request.path !== 'reservation/list') return undefined;
        const rows =
          request.query.get('query') === '#3'
            ? [row(3, 'confirmed')]
            : [row(5, 'reserved'), row(4, 'reserved')];
        return json({ items: rows, total: request.query.get('query') ? 1 : 40 });
      },
    });
    const notice = await screen.findByText(/Reservation 3 is not on this page\./);
    await app.user.click(within(notice).getByRole('button', { name: 'Show it' }));
    expect((await rowOf(3)).classList.contains('list-row--highlight')).toBe(true);
    expect(screen.queryByText(/is not on this page/)).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('#3');
  });
});
