import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAllotments, type FakeAllotments, handleAllotments } from '../test/fake-allotments.ts';
import { type DemoUser, type FakeRequest, USERS } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { paymentStatusesOf } from './allotment-filters.ts';
import { ALLOTMENT_ROUTES } from './routes.ts';

const MANAGER = [
  'ROLE_ALLOTMENT_LIST',
  'ROLE_ALLOTMENT_INVOICE_EDIT',
  'ROLE_ALLOTMENT_INVOICE_READ',
  'ROLE_ALLOTMENT_INVOICE_PAY',
];
const AGENT = ['ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST', 'ROLE_ALLOTMENT_INVOICE_READ'];

function open(options: { as?: DemoUser; roles?: string[]; url?: string; data?: FakeAllotments } = {}) {
  const as = options.as ?? 'manager';
  const data = options.data ?? createFakeAllotments();
  const app = renderAdmin({
    as,
    url: options.url ?? '/admin/allotment/invoiceList',
    areaRoutes: ALLOTMENT_ROUTES,
    roles: { [as]: options.roles ?? (as === 'agent' ? AGENT : MANAGER) },
    handle: (request) => handleAllotments(data, request, USERS[as].id),
  });
  return { ...app, data };
}

const lastQuery = (requests: readonly FakeRequest[], path: string) => {
  const request = requests.filter((candidate) => candidate.path === path).at(-1);
  return request ? [...request.query.entries()].sort(([a], [b]) => a.localeCompare(b)) : [];
};

const rowOf = async (title: string) => {
  const cell = await screen.findByText(title, {}, { timeout: 3000 });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

const button = (row: HTMLElement, name: RegExp) => within(row).getByRole('button', { name });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

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

describe('the allotment invoice list', () => {
  it('shows the unpaid invoices newest first, with pay, edit, delete and PDF as their state allows', async () => {
    const app = open();
    expect(await screen.findByRole('heading', { name: 'Allotment Invoices' })).toBeTruthy();
    const pending = await rowOf('May block');
    const partly = await rowOf('April block');
    expect(screen.queryByText('March block')).toBeNull();
    expect(lastQuery(app.api.requests, 'allotment/invoice/list')).toEqual([
      ['page', '0'],
      ['pageSize', '10'],
      ['paymentStatus[]', 'unpaid'],
      ['sortBy', 'invoiceDate'],
      ['sortOrder', 'DESC'],
    ]);
    expect(within(partly).getByText('Over deadline')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    // Something is paid on the April invoice: it cannot be deleted, but still paid and edited.
    expect(isDisabled(button(partly, /Delete invoice 72/))).toBe(true);
    expect(isDisabled(button(partly, /Edit invoice 72/))).toBe(false);
    expect(
      within(partly)
        .getByRole('link', { name: /Pay invoice 72/ })
        .getAttribute('href'),
    ).toBe('/admin/allotment/72/payment?source=allotmentInvoiceList');
    expect(isDisabled(button(pending, /Delete invoice 71/))).toBe(false);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Payment status' }), 'Paid');
    const paid = await rowOf('March block');
    expect(lastQuery(app.api.requests, 'allotment/invoice/list')).toContainEqual(['paymentStatus[]', 'paid']);
    expect(isDisabled(button(paid, /Pay invoice 73/))).toBe(true);
    expect(isDisabled(button(paid, /Edit invoice 73/))).toBe(true);
    expect(isDisabled(button(paid, /Delete invoice 73/))).toBe(true);
    expect(isDisabled(button(paid, /PDF of invoice 73/))).toBe(false);
    await app.user.click(button(paid, /PDF of invoice 73/));
    await waitFor(() => expect(saved).toEqual(['AllotmentInvoice.pdf']));
  });

  it('shows the chosen agent’s balance, and reloads it after a delete', async () => {
    const app = open();
    await rowOf('May block');
    const panel = within(screen.getByRole('region', { name: 'Agent balance' }));
    expect(panel.getByText('Choose an agent to see what it still owes on allotment invoices.')).toBeTruthy();
    await app.user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await app.user.click(await screen.findByRole('option', { name: 'Alpen Reisen GmbH' }));
    expect(await panel.findByText('CHF 5,000.00')).toBeTruthy();
    expect(panel.getByText('CHF 2,000.00')).toBeTruthy();
    await waitFor(() =>
      expect(lastQuery(app.api.requests, 'allotment/invoice/list')).toContainEqual(['agentId', '3']),
    );
    const balanceCalls = () =>
      app.api.requests.filter((request) => request.path === 'allotment/invoice/agent/3/balance').length;
    const before = balanceCalls();

    await app.user.click(button(await rowOf('May block'), /Delete invoice 71/));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete allotment invoice' }));
    expect(
      dialog.getByText(
        'Delete invoice 71 May block? Its allotments are open again and can be invoiced anew.',
      ),
    ).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Invoice deleted successfully')).toBeTruthy();
    expect(
      app.api.requests.some(
        (request) => request.method === 'DELETE' && request.path === 'allotment/invoice/71',
      ),
    ).toBe(true);
    await waitFor(() => expect(balanceCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('May block')).toBeNull());
  });

  it('edits an invoice in the popup naming the agent, then downloads its PDF', async () => {
    const app = open();
    await app.user.click(button(await rowOf('May block'), /Edit invoice 71/));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit allotment invoice 71' }));
    expect(dialog.getByText('Alpen Reisen GmbH', { selector: 'dd' })).toBeTruthy();
    const title = dialog.getByLabelText(/^Title/);
    expect(title).toHaveProperty('value', 'May block');
    await app.user.clear(title);
    await app.user.type(title, 'May block (corrected)');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoice updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({
      path: 'allotment/invoice/71',
      body: {
        title: 'May block (corrected)',
        invoiceDate: '2031-05-01',
        paymentDeadline: '2031-05-15',
        invoiceCompany: 'Alpen Reisen GmbH',
        discountDescription: '',
        discount: 0,
      },
    });
    await waitFor(() => expect(saved).toEqual(['AllotmentInvoice.pdf']));
    expect(await rowOf('May block (corrected)')).toBeTruthy();
  });

  it('marks the invoice a payment came back with, showing every status', async () => {
    const app = open({ url: '/admin/allotment/invoiceList?highlightAllotmentInvoiceId=73' });
    const paid = await rowOf('March block');
    expect(paid.classList.contains('list-row--highlight')).toBe(true);
    expect((await rowOf('May block')).classList.contains('list-row--highlight')).toBe(false);
    expect(lastQuery(app.api.requests, 'allotment/invoice/list')).toEqual(
      expect.arrayContaining([
        ['paymentStatus[]', 'unpaid'],
        ['paymentStatus[]', 'paid'],
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Payment status' })).toHaveProperty('value', '');
  });

  it('gives an agent its own invoices and balance, to read and download only', async () => {
    const data = createFakeAllotments();
    data.invoices[1]!.agent = { id: 22, displayName: 'Balkan Tours' };
    const app = open({ as: 'agent', data });
    const own = await rowOf('May block');
    expect(screen.queryByText('April block')).toBeNull();
    expect(app.api.requests.some((request) => request.path === 'allotment/invoice/list')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    const panel = within(screen.getByRole('region', { name: 'Agent balance' }));
    expect(await panel.findByText('CHF 5,000.00')).toBeTruthy();
    expect(app.api.requests.some((request) => request.path === 'agent/allotment/invoice/balance')).toBe(true);
    expect(isDisabled(button(own, /Pay invoice 71/))).toBe(true);
    expect(isDisabled(button(own, /Edit invoice 71/))).toBe(true);
    expect(isDisabled(button(own, /Delete invoice 71/))).toBe(true);
    await app.user.click(button(own, /PDF of invoice 71/));
    await waitFor(() => expect(saved).toEqual(['AllotmentInvoice.pdf']));
    expect(app.api.requests.some((request) => request.path === 'agent/allotment/invoice/71/pdf/en')).toBe(
      true,
    );
  });
});

describe('the payment status filter', () => {
  it('maps each choice to the statuses the API filters by', () => {
    expect(paymentStatusesOf('unpaid')).toEqual(['unpaid']);
    expect(paymentStatusesOf('overDeadline')).toEqual(['overDeadline']);
    expect(paymentStatusesOf('paid')).toEqual(['paid']);
    expect(paymentStatusesOf('')).toEqual(['unpaid', 'paid']);
  });
});
