import { defaultPaymentDeadline } from '@flybook/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeAllotments,
  type FakeAllotments,
  fakeAllotment,
  handleAllotments,
} from '../test/fake-allotments.ts';
import { type DemoUser, type FakeRequest, USERS } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { currentWeek, invoiceCandidate } from './allotment-filters.ts';
import { ALLOTMENT_ROUTES } from './routes.ts';

/** A manager with the allotment roles and the flight edit page's. */
const MANAGER = [
  'ROLE_ALLOTMENT_LIST',
  'ROLE_ALLOTMENT_READ_COST_PER_SEAT',
  'ROLE_ALLOTMENT_INVOICE_EDIT',
  'ROLE_ALLOTMENT_INVOICE_READ',
  'ROLE_FLIGHT_READ',
  'ROLE_FLIGHT_UPDATE',
  'ROLE_FLIGHT_COMPANY_LIST',
  'ROLE_RATE_LIST',
  'ROLE_AIRCRAFT_TEMPLATE_LIST',
];
const AGENT = ['ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST', 'ROLE_ALLOTMENT_INVOICE_READ'];

function open(
  options: {
    as?: DemoUser;
    roles?: string[];
    data?: FakeAllotments;
    handle?: (request: FakeRequest) => Response | undefined;
  } = {},
) {
  const as = options.as ?? 'manager';
  const data = options.data ?? createFakeAllotments();
  const app = renderAdmin({
    as,
    url: '/admin/allotment/list',
    areaRoutes: ALLOTMENT_ROUTES,
    roles: { [as]: options.roles ?? (as === 'agent' ? AGENT : MANAGER) },
    handle: (request) => options.handle?.(request) ?? handleAllotments(data, request, USERS[as].id),
  });
  return { ...app, data };
}

const lastQuery = (requests: readonly FakeRequest[], path: string) =>
  Object.fromEntries(requests.filter((request) => request.path === path).at(-1)?.query ?? []);

const rowOf = async (flightNumber: string) => {
  // Filter changes reload the list a second after the last change.
  const cell = await screen.findByText(new RegExp(`^${flightNumber} ZRH`), {}, { timeout: 3000 });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row of ${flightNumber}`);
  return row;
};

const saved: string[] = [];
const click = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  // Wednesday 4 June 2031: the default week is Monday 2 to Sunday 8 June.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2031, 5, 4, 10, 0));
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterEach(() => {
  vi.useRealTimers();
  HTMLAnchorElement.prototype.click = click;
  saved.length = 0;
});

describe('the allotment list', () => {
  it('shows this week’s open allotments of every agent, by departure, with their cost', async () => {
    const app = open();
    expect(await screen.findByRole('heading', { name: 'Allotments' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Allotments' }));
    expect(tabs.getByRole('link', { name: 'Allotments' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: 'Allotment Invoices' })).toBeTruthy();
    const row = await rowOf('FB101');
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'FB101 ZRH → PRN2 Jun 2031 06:30',
      'Alpen Reisen GmbH',
      'Economy',
      '2 / 10',
      'CHF\u00a01,500.00',
      'Open',
      'Edit flightPDF',
    ]);
    expect(await rowOf('FB102')).toBeTruthy();
    // The invoiced allotment of the week is not open.
    expect(screen.queryByText(/^FB104 ZRH/)).toBeNull();
    expect(lastQuery(app.api.requests, 'allotment/list')).toEqual({
      page: '0',
      pageSize: '30',
      sortBy: 'flightDate',
      sortOrder: 'ASC',
      'flightDateInterval[from]': '2031-06-02',
      'flightDateInterval[to]': '2031-06-08',
      invoicedStatus: 'open',
    });
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeTruthy();
    expect(screen.getByLabelText('Departure from')).toHaveProperty('value', '2031-06-02');
    expect(screen.getByRole('combobox', { name: 'Invoiced status' })).toHaveProperty('value', 'open');
  });

  it('lists invoiced allotments too with the invoiced status filter, and their invoice PDF', async () => {
    const app = open();
    await rowOf('FB101');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Invoiced status' }), 'All');
    const invoiced = await rowOf('FB104');
    expect(lastQuery(app.api.requests, 'allotment/list')).not.toHaveProperty('invoicedStatus');
    expect(within(invoiced).getByTitle('#71 May block').textContent).toBe('#71 May block');
    const open101 = await rowOf('FB101');
    expect(
      within(open101).getByRole('button', { name: /Invoice PDF of the allotment on FB101/ }),
    ).toHaveProperty('disabled', true);
    await app.user.click(
      within(invoiced).getByRole('button', { name: /Invoice PDF of the allotment on FB104/ }),
    );
    await waitFor(() => expect(saved).toEqual(['AllotmentInvoice.pdf']));
    expect(app.api.requests.some((request) => request.path === 'allotment/invoice/71/pdf/en')).toBe(true);
  });

  it('enables Create invoice only for open allotments of one agent, and invoices them', async () => {
    const app = open();
    const create = async () => screen.findByRole('button', { name: 'Create invoice' });
    expect(await create()).toHaveProperty('disabled', true);
    expect(screen.getByText('Choose the allotments of one agent to invoice them.')).toBeTruthy();
    await app.user.click(within(await rowOf('FB101')).getByRole('checkbox'));
    await app.user.click(within(await rowOf('FB102')).getByRole('checkbox'));
    expect(await create()).toHaveProperty('disabled', true);
    expect(screen.getByText('An invoice covers the allotments of one agent only.')).toBeTruthy();
    await app.user.click(within(await rowOf('FB102')).getByRole('checkbox'));
    await app.user.click(within(await rowOf('FB103')).getByRole('checkbox'));
    const footer = screen.getByRole('region', { name: 'Invoice the chosen allotments' });
    expect(within(footer).getByRole('status').textContent).toBe(
      '2 allotments chosen, 14 seats · CHF\u00a01,980.00',
    );
    expect(await create()).toHaveProperty('disabled', false);

    await app.user.click(await create());
    const dialog = within(await screen.findByRole('dialog', { name: 'Create allotment invoice' }));
    // The popup shows the agent and what the allotments cost.
    expect(dialog.getByText('Alpen Reisen GmbH')).toBeTruthy();
    expect(dialog.getByText('2 allotments, 14 seats')).toBeTruthy();
    expect(dialog.getByLabelText(/Invoice date/)).toHaveProperty('value', '2031-06-04');
    // Not 14 days on (18 June): FB103 flies on 6 June, FB101 flew already, so tomorrow.
    expect(dialog.getByLabelText(/Payment deadline/)).toHaveProperty('value', '2031-06-05');
    expect(dialog.getByLabelText(/Invoice company/)).toHaveProperty('value', 'Alpen Reisen GmbH');
    await app.user.click(dialog.getByRole('button', { name: 'Create invoice' }));
    expect(await dialog.findByText('This value is required.')).toBeTruthy();
    await app.user.type(dialog.getByLabelText(/^Title/), 'June block');
    await app.user.type(dialog.getByLabelText(/Discount \(CHF\)/), '80');
    await app.user.click(dialog.getByRole('button', { name: 'Create invoice' }));

    expect(await screen.findByText('Invoice created successfully')).toBeTruthy();
    const posted = app.api.requests.filter(
      (request) => request.method === 'POST' && request.path === 'allotment/invoice',
    );
    expect(posted.map((request) => request.body)).toEqual([
      {
        ids: [1, 3],
        agent: { id: 3 },
        title: 'June block',
        invoiceDate: '2031-06-04',
        paymentDeadline: '2031-06-05',
        invoiceCompany: 'Alpen Reisen GmbH',
        discountDescription: '',
        discount: 80,
      },
    ]);
    // The new invoice's PDF downloads, and the invoiced allotments leave the open list.
    await waitFor(() => expect(saved).toEqual(['AllotmentInvoice.pdf']));
    expect(app.api.requests.some((request) => /^allotment\/invoice\/\d+\/pdf\/en$/.test(request.path))).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByText(/^FB101 ZRH/)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the popup failed with the server’s rule under its field', async () => {
    const app = open();
    await app.user.click(within(await rowOf('FB101')).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: 'Create invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create allotment invoice' }));
    await app.user.type(dialog.getByLabelText(/^Title/), 'June');
    const deadline = dialog.getByLabelText(/Payment deadline/);
    await app.user.clear(deadline);
    await app.user.type(deadline, '2031-06-01');
    await app.user.click(dialog.getByRole('button', { name: 'Create invoice' }));
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      'The invoice was not saved: Payment deadline is earlier than invoice date.',
    );
    expect(deadline.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent).toBe(
      'Payment deadline is earlier than invoice date.',
    );
    await app.user.clear(deadline);
    await app.user.type(deadline, '2031-06-30');
    await app.user.type(dialog.getByLabelText(/Discount \(CHF\)/), '1500.05');
    await app.user.click(dialog.getByRole('button', { name: 'Create invoice' }));
    expect(
      await dialog.findByText('The invoice was not saved: Discount is more than invoice debt.'),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows an agent only its own allotments, without agent filter, choice or flight editing', async () => {
    const app = open({ as: 'agent' });
    const row = await rowOf('FB101');
    expect(screen.queryByText(/^FB102 ZRH/)).toBeNull();
    expect(app.api.requests.some((request) => request.path === 'allotment/list')).toBe(false);
    expect(lastQuery(app.api.requests, 'agent/allotment/list')).toMatchObject({ invoicedStatus: 'open' });
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create invoice' })).toBeNull();
    expect(within(row).getByRole('button', { name: /Edit flight FB101/ })).toHaveProperty('disabled', true);
  });

  it('says why the list is empty', async () => {
    const data = createFakeAllotments();
    data.allotments = [];
    open({ data });
    expect(await screen.findByText('No allotments found')).toBeTruthy();
    expect(
      screen.getByText(
        'No open allotments depart this week. Change the departure dates or the invoiced status.',
      ),
    ).toBeTruthy();
  });
});

describe('allotment list rules', () => {
  it('offer an invoice deadline 14 days on, not after the day before its first flight', () => {
    const candidate = (day: string) => {
      const chosen = invoiceCandidate([fakeAllotment(1, day, { id: 3, displayName: 'Alpen Reisen GmbH' })]);
      if (chosen.kind !== 'ready') throw new Error(chosen.kind);
      return chosen.firstDepartureDay;
    };
    expect(defaultPaymentDeadline('2031-06-04', candidate('2031-08-01'))).toBe('2031-06-18');
    expect(defaultPaymentDeadline('2031-06-04', candidate('2031-06-10'))).toBe('2031-06-09');
  });

  it('start the week on Monday and end it on Sunday', () => {
    expect(currentWeek('2031-06-02')).toEqual({ from: '2031-06-02', to: '2031-06-08' });
    expect(currentWeek('2031-06-08')).toEqual({ from: '2031-06-02', to: '2031-06-08' });
    expect(currentWeek('2031-12-31')).toEqual({ from: '2031-12-29', to: '2032-01-04' });
  });

  it('invoice only open allotments of one agent', () => {
    const data = createFakeAllotments();
    const [first, second, third, invoiced] = data.allotments as [
      (typeof data.allotments)[0],
      (typeof data.allotments)[0],
      (typeof data.allotments)[0],
      (typeof data.allotments)[0],
    ];
    type Row = Parameters<typeof invoiceCandidate>[0][number];
    const rows = (...list: unknown[]) => list as Row[];
    expect(invoiceCandidate([]).kind).toBe('none');
    expect(invoiceCandidate(rows(first, second)).kind).toBe('severalAgents');
    expect(invoiceCandidate(rows(first, invoiced)).kind).toBe('invoiced');
    expect(invoiceCandidate(rows(first, third))).toEqual({
      kind: 'ready',
      agent: { id: 3, displayName: 'Alpen Reisen GmbH' },
      ids: [1, 3],
      seats: 14,
      total: 198_000,
      firstDepartureDay: '2031-06-02',
    });
    // The first flight's local day at its origin: 23:30 UTC on 9 June is 10 June in Zurich.
    const late = { ...third, flight: { ...third.flight, departure: '2031-06-09T23:30:00.000Z' } };
    expect(invoiceCandidate(rows(late))).toMatchObject({ firstDepartureDay: '2031-06-10' });
    const withoutCost = { ...first, costPerSeat: undefined, total: undefined };
    expect(invoiceCandidate(rows(withoutCost))).toMatchObject({ kind: 'ready', total: null });
  });
});
