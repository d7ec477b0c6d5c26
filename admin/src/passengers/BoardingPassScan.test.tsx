import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AreaRoute } from '../app/routes.tsx';
import type { FakeRequest } from '../test/fake-api.ts';
import {
  createFakePassengers,
  type FakePassengers,
  fakeBoardingPass,
  handlePassengers,
} from '../test/fake-passengers.ts';
import { renderAdmin } from '../test/render-admin.tsx';

const ROUTES: readonly AreaRoute[] = [
  {
    name: 'passengerList',
    load: () => import('./PassengerListPage.tsx').then((m) => ({ Component: m.PassengerListPage })),
  },
];

const GATE_ROLES = ['ROLE_FLIGHT_PASSENGER_LIST', 'ROLE_FLIGHT_PASSENGER_MARKING'];

function open(options: { data?: FakePassengers; roles?: string[]; languages?: string[] } = {}) {
  const data = options.data ?? createFakePassengers();
  const app = renderAdmin({
    as: 'manager',
    url: '/admin/flight/41/passenger/list',
    areaRoutes: ROUTES,
    roles: { manager: options.roles ?? GATE_ROLES },
    handle: (request) => handlePassengers(data, request),
    ...(options.languages ? { languages: options.languages } : {}),
  });
  return { ...app, data };
}

const scans = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === 'flight/41/passenger/scan');
const listLoads = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === 'flight/41/passenger/list');

/** The grid row of a passenger by their name cell ("Berisha, Arben"). */
async function rowOf(name: string) {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = screen
        .getAllByRole('row')
        .find((row) => row.querySelector('[col-id="lastName"] .passenger-name')?.textContent === name);
      expect(found, name).toBeTruthy();
    },
    { timeout: 3000 },
  );
  return found!;
}

/**
 * What a handheld scanner does: types the barcode's text, then the line end as Enter, into the
 * focused field (replacing a selected text); an unfocused field is clicked first.
 */
async function scanInto(app: ReturnType<typeof open>, field: HTMLElement, text: string) {
  const keys = `${text.replace(/\n$/, '')}{Enter}`;
  if (document.activeElement === field) await app.user.keyboard(keys);
  else await app.user.type(field, keys);
}

/** The scan field with what it tells. */
const scanForm = () => within(screen.getByRole('form', { name: 'Boarding' }));

const expectSelected = (field: HTMLElement) => {
  const input = field as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
};

describe('boarding by scan', () => {
  it('marks the scanned passenger appeared, names them with seat and sequence, and reloads the list', async () => {
    const app = open();
    await rowOf('Berisha, Arben');
    // The field has the focus when the page opens: the gate agent scans right away.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Scan boarding pass' }));
    // All appearing states, so that the scanned passenger stays in view.
    await app.user.click(
      within(screen.getByRole('group', { name: 'Appearing status' })).getByRole('checkbox', {
        name: 'Appeared',
      }),
    );
    await rowOf('Berisha, Vjosa');
    const field = screen.getByRole('textbox', { name: 'Scan boarding pass' });
    const loads = listLoads(app.api.requests).length;

    const pass = fakeBoardingPass(app.data, 101);
    await scanInto(app, field, pass);
    expect(await scanForm().findByText('Arben Berisha, seat 12A, sequence 007 — appeared')).toBeTruthy();
    expect(scans(app.api.requests).map((request) => request.body)).toEqual([{ bcbp: pass.trimEnd() }]);
    expect(scanForm().getByRole('status').textContent).toBe(
      'Arben Berisha, seat 12A, sequence 007 — appeared',
    );
    expect(scanForm().queryByRole('alert')).toBeNull();
    // Empty and ready for the next pass.
    expect((field as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(listLoads(app.api.requests).length).toBeGreaterThan(loads));
    await waitFor(async () =>
      expect(within(await rowOf('Berisha, Arben')).getByRole('radio', { name: 'Appeared' })).toHaveProperty(
        'checked',
        true,
      ),
    );

    // The infant on his lap boarded with him.
    await waitFor(async () =>
      expect(within(await rowOf('Berisha, Luan')).getByRole('radio', { name: 'Appeared' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    // Scanning an appeared passenger again answers them again.
    await scanInto(app, field, fakeBoardingPass(app.data, 101));
    await waitFor(() => expect(scans(app.api.requests)).toHaveLength(2));
    expect(await scanForm().findByText('Arben Berisha, seat 12A, sequence 007 — appeared')).toBeTruthy();
    expect(scanForm().queryByRole('alert')).toBeNull();
  });

  it('shows each refusal translated beside the field and selects the text for the next scan', async () => {
    const app = open();
    await rowOf('Berisha, Arben');
    const field = screen.getByRole('textbox', { name: 'Scan boarding pass' });

    await scanInto(app, field, 'HELLO WORLD');
    expect((await scanForm().findByRole('alert')).textContent).toBe('This is not a boarding pass barcode.');
    expectSelected(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await scanInto(app, field, fakeBoardingPass(app.data, 101, { flightNumber: '202', dayOfYear: 154 }));
    await waitFor(() =>
      expect(scanForm().getByRole('alert').textContent).toBe(
        'This boarding pass is for flight AP202 on 3 Jun 2031, not this flight.',
      ),
    );
    expectSelected(field);
    // The refusal replaced the typed text: the field held only the last pass.
    expect(scans(app.api.requests).at(-1)?.body).toEqual({
      bcbp: fakeBoardingPass(app.data, 101, { flightNumber: '202', dayOfYear: 154 }).trimEnd(),
    });

    await scanInto(app, field, fakeBoardingPass(app.data, 101, { sequenceNumber: 70 }));
    await waitFor(() =>
      expect(scanForm().getByRole('alert').textContent).toBe(
        'No checked-in passenger of this flight has this boarding pass.',
      ),
    );
    expectSelected(field);

    // Cancelled while the page was open.
    app.data.flight.status = 'cancelled';
    await scanInto(app, field, fakeBoardingPass(app.data, 101));
    await waitFor(() =>
      expect(scanForm().getByRole('alert').textContent).toBe(
        'The flight is cancelled: its passengers cannot be marked.',
      ),
    );
    expectSelected(field);
    expect(app.data.passengers.find((p) => p.id === 101)?.isAppeared).toBeNull();
    expect(scanForm().getByRole('status').textContent).toBe('');
  });

  it('shows refusals in the interface language', async () => {
    const app = open({ languages: ['sq'] });
    await rowOf('Berisha, Arben');
    const field = screen.getByRole('textbox', { name: 'Skano kartën e imbarkimit' });
    await scanInto(app, field, fakeBoardingPass(app.data, 101, { flightNumber: '202', dayOfYear: 154 }));
    const form = within(screen.getByRole('form', { name: 'Imbarkimi' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Kjo kartë imbarkimi është për fluturimin AP202 më 3 qer 2031, jo për këtë fluturim.',
    );
    await scanInto(app, field, fakeBoardingPass(app.data, 101));
    expect(await form.findByText('Arben Berisha, vendi 12A, nr. i rendit 007 — i/e paraqitur')).toBeTruthy();
  });

  it('sends one request when the scanner sends Enter twice while the first scan is under way', async () => {
    const data = createFakePassengers();
    let release = () => {};
    data.scanHold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = open({ data });
    await rowOf('Berisha, Arben');
    const field = screen.getByRole('textbox', { name: 'Scan boarding pass' });
    await app.user.type(field, `${fakeBoardingPass(data, 101).trimEnd()}{Enter}{Enter}`);
    expect(await screen.findByText('Checking the boarding pass…')).toBeTruthy();
    await app.user.keyboard('{Enter}');
    expect(scans(app.api.requests)).toHaveLength(1);
    release();
    expect(await screen.findByText('Arben Berisha, seat 12A, sequence 007 — appeared')).toBeTruthy();
    expect(scans(app.api.requests)).toHaveLength(1);

    // Done: the next scan is sent.
    data.scanHold = undefined;
    await scanInto(app, field, fakeBoardingPass(data, 102));
    expect(await screen.findByText('Vjosa Berisha, seat 12B, sequence 009 — appeared')).toBeTruthy();
    expect(scans(app.api.requests)).toHaveLength(2);
  });

  it('offers no scan field without the marking role', async () => {
    open({ roles: ['ROLE_FLIGHT_PASSENGER_LIST'] });
    await rowOf('Berisha, Arben');
    expect(screen.queryByRole('textbox', { name: 'Scan boarding pass' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Boarding' })).toBeNull();
  });

  it('disables the scan field on a cancelled flight', async () => {
    open({ data: createFakePassengers({ status: 'cancelled' }) });
    await rowOf('Berisha, Arben');
    expect(screen.getByRole('textbox', { name: 'Scan boarding pass' })).toHaveProperty('disabled', true);
  });
});
