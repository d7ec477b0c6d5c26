import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoUser, type FakeRequest, USERS } from '../test/fake-api.ts';
import { createFakeLedger, type FakeLedger, handleLedger } from '../test/fake-ledger.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { ACCOUNTING_ROUTES } from './routes.ts';

const FULL = [
  'ROLE_BALANCE_LOG_RECORD_LIST',
  'ROLE_ACCOUNT_LIST',
  'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
  'ROLE_BALANCE_LOG_RECORD_SUMMARY_INFO',
];

function open(
  url: string,
  options: {
    as?: DemoUser;
    roles?: string[];
    ledger?: FakeLedger;
    handle?: (request: FakeRequest) => Response | undefined;
    languages?: string[];
  } = {},
) {
  const as = options.as ?? 'manager';
  const ledger = options.ledger ?? createFakeLedger();
  return renderAdmin({
    as,
    url,
    areaRoutes: ACCOUNTING_ROUTES,
    ...(options.roles ? { roles: { [as]: options.roles } } : {}),
    ...(options.languages ? { languages: options.languages } : {}),
    handle: (request) => options.handle?.(request) ?? handleLedger(ledger, request, USERS[as].id),
  });
}

const queryOf = (requests: readonly FakeRequest[], path: string) =>
  Object.fromEntries(requests.filter((request) => request.path === path).at(-1)?.query ?? []);

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

/** The summary's figures by their terms, once they are there. */
async function summaryFigures(): Promise<Record<string, string>> {
  const summary = await screen.findByRole('region', { name: 'Summary' });
  await within(summary).findByText('Initial balance');
  return Object.fromEntries(
    [...summary.querySelectorAll('dt')].map((term) => [
      term.textContent ?? '',
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);

describe('balance log', () => {
  const saved: string[] = [];
  const click = HTMLAnchorElement.prototype.click;
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
    saved.length = 0;
  });
  const recordDownloads = () => {
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  };

  it('lists the records of the account in the address with its balance after each, newest first', async () => {
    const app = open('/admin/invoice/balance-log?accountId=13', { roles: FULL });
    expect(await screen.findByRole('heading', { name: 'Balance log' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Invoices' }));
    expect(tabs.getByRole('link', { name: 'Balance log' }).getAttribute('aria-current')).toBe('page');

    const deposit = await rowOf('Deposit at the Zurich desk');
    expect(cellsOf(deposit).slice(1)).toEqual([
      'Prepaid deposit',
      'Deposit at the Zurich desk',
      'Cash desk Zurich',
      'Alpen Reisen GmbH',
      'CHF\u00a0300.00',
      // the agent's account was credited: its balance after the deposit
      'CHF\u00a0300.00',
    ]);
    const payment = await rowOf('Reservation 77');
    // the agent's account was debited here: the debit side's balance
    expect(cellsOf(payment).at(-1)).toBe('CHF\u00a0250.00');
    expect(screen.queryByText('Cashback for delay')).toBeNull();

    expect(queryOf(app.api.requests, 'balance-log/list')).toEqual({
      page: '0',
      pageSize: '10',
      sortBy: 'createdAt',
      sortOrder: 'DESC',
      selectedAccountId: '13',
    });
    expect(app.api.requests.some((request) => request.path === 'user/me/balance-log/list')).toBe(false);
    // the account filter names the account of the address once its records are there
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Account' })).toHaveProperty('value', 'Alpen Reisen GmbH'),
    );
    // The categories fold behind "More filters" so the records stay on screen.
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'More filters' }));
    expect(screen.getByRole('group', { name: 'Category' })).toBeTruthy();
  });

  it('dates records in Swiss time with Albanian month names and the Swiss money format', async () => {
    open('/admin/invoice/balance-log?accountId=13', { roles: FULL, languages: ['sq'] });
    const albanian = cellsOf(await rowOf('Deposit at the Zurich desk'));
    // 13:05 UTC on 12 March is 14:05 in Zurich; month names from our own data, never "Mar 12".
    expect(albanian[0]).toBe('12 mar 2031, 14:05');
    expect(albanian.at(-1)).toBe('CHF\u00a0300.00');
  });

  it('dates records in German with the Swiss money format', async () => {
    open('/admin/invoice/balance-log?accountId=13', { roles: FULL, languages: ['de-CH'] });
    const german = cellsOf(await rowOf('Deposit at the Zurich desk'));
    expect(german[0]).toBe('12. März 2031, 14:05');
    expect(german.at(-1)).toBe('CHF\u00a0300.00');
  });

  it('names virtual accounts, Flybook’s titles and payment methods in the interface’s language', async () => {
    open('/admin/invoice/balance-log?accountId=13', { roles: FULL, languages: ['de-CH'] });
    // A title typed by hand stays as typed; the cash desk is named in German.
    expect(cellsOf(await rowOf('Deposit at the Zurich desk')).slice(1, 5)).toEqual([
      'Vorauszahlung',
      'Deposit at the Zurich desk',
      'Kasse Zürich',
      'Alpen Reisen GmbH',
    ]);
    const payment = (await screen.findByText('Reservation 77')).closest<HTMLElement>('[role="row"]')!;
    expect(cellsOf(payment).slice(1, 5)).toEqual([
      'Zahlung',
      'Reservation 77· Konto',
      'Alpen Reisen GmbH',
      'Ticketertrag',
    ]);
  });

  it('reads Flybook’s titles and the virtual accounts in Albanian', async () => {
    open('/admin/invoice/balance-log?accountId=13', { roles: FULL, languages: ['sq'] });
    const payment = await rowOf('Rezervimi 77');
    expect(cellsOf(payment).slice(2, 5)).toEqual([
      'Rezervimi 77· Llogari',
      'Alpen Reisen GmbH',
      'Të ardhura nga biletat',
    ]);
    expect(cellsOf(await rowOf('Deposit at the Zurich desk'))[3]).toBe('Arka e Cyrihut');
    expect(screen.queryByText('Cash desk Zurich')).toBeNull();
    expect(screen.queryByText('Ticket revenue')).toBeNull();
  });

  it('shows the initial and final balance of the period and the change between them', async () => {
    const app = open('/admin/invoice/balance-log?accountId=14', { roles: FULL });
    // 40.00 − 10.10, exact to the Rappen
    expect(await summaryFigures()).toEqual({
      'Initial balance': 'CHF\u00a010.10',
      'Final balance': 'CHF\u00a040.00',
      Change: 'CHF\u00a0+29.90',
    });
    expect(queryOf(app.api.requests, 'balance-log/summary-info')).toEqual({ selectedAccountId: '14' });
  });

  it('gives users with only their own records the own-list calls and no account filter', async () => {
    // their own account (13) by its id, as the user list's Balance log link names it
    const app = open('/admin/invoice/balance-log?accountId=13', {
      as: 'agent',
      roles: ['ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST'],
    });
    expect(await screen.findByText('Deposit at the Zurich desk')).toBeTruthy();
    const own = app.api.requests.filter((request) => request.path === 'user/me/balance-log/list');
    expect(own.length).toBeGreaterThan(0);
    // the own list knows no selected account: it is always the caller's own
    expect(queryOf(app.api.requests, 'user/me/balance-log/list')).toEqual({
      page: '0',
      pageSize: '10',
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(app.api.requests.some((request) => request.path === 'balance-log/list')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
    expect(await summaryFigures()).toMatchObject({ Change: 'CHF\u00a0+250.00' });
    expect(app.api.requests.some((request) => request.path === 'user/me/balance-log/summary-info')).toBe(
      true,
    );
    expect(app.api.requests.some((request) => request.path === 'balance-log/summary-info')).toBe(false);
  });

  it('puts the chosen account in the address, and Back brings the account before it back', async () => {
    const app = open('/admin/invoice/balance-log?accountId=13', { roles: FULL });
    await screen.findByText('Deposit at the Zurich desk');
    const picker = screen.getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(picker).toHaveProperty('value', 'Alpen Reisen GmbH'));

    await app.user.clear(picker);
    await app.user.type(picker, 'Arben');
    await app.user.click(await screen.findByRole('option', { name: /Arben Berisha/ }));
    expect(app.location()).toBe('/invoice/balance-log?accountId=14');
    await waitFor(() => expect(queryOf(app.api.requests, 'balance-log/list').selectedAccountId).toBe('14'), {
      timeout: 3000,
    });
    expect(await screen.findByText('Cashback for delay')).toBeTruthy();

    // Back: the agent's account again, in the picker and in the records asked for
    await act(() => app.router.navigate(-1));
    expect(app.location()).toBe('/invoice/balance-log?accountId=13');
    await waitFor(() => expect(picker).toHaveProperty('value', 'Alpen Reisen GmbH'));
    await waitFor(() => expect(queryOf(app.api.requests, 'balance-log/list').selectedAccountId).toBe('13'), {
      timeout: 3000,
    });
    await waitFor(() => expect(screen.queryByText('Cashback for delay')).toBeNull());
  });

  it('keeps a cleared account filter in the address as all accounts', async () => {
    const app = open('/admin/invoice/balance-log?accountId=13', { roles: FULL });
    await screen.findByText('Deposit at the Zurich desk');
    const picker = screen.getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(picker).toHaveProperty('value', 'Alpen Reisen GmbH'));
    await app.user.clear(picker);
    await app.user.tab();
    expect(app.location()).toBe('/invoice/balance-log?accountId=all');
    await waitFor(
      () => expect(queryOf(app.api.requests, 'balance-log/list')).not.toHaveProperty('selectedAccountId'),
      { timeout: 3000 },
    );
    app.unmount();

    // opened again (a reload, a shared link): all accounts, nothing selected
    const again = open('/admin/invoice/balance-log?accountId=all', { roles: FULL });
    await screen.findByText('Deposit at the Zurich desk');
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveProperty('value', '');
    expect(queryOf(again.api.requests, 'balance-log/list')).not.toHaveProperty('selectedAccountId');
    expect(screen.getByText('Choose an account to see its balances.')).toBeTruthy();
  });

  it('opens the signed-in user’s own account without an account in the address', async () => {
    const app = open('/admin/invoice/balance-log', { roles: FULL });
    await screen.findByRole('heading', { name: 'Balance log' });
    await waitFor(() => expect(queryOf(app.api.requests, 'balance-log/list').selectedAccountId).toBe('12'));
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveProperty('value', 'Mira Krasniqi');
  });

  it('refuses an address whose account is not an account number, and asks for no records', async () => {
    for (const value of ['abc', '0', '-3', '12.5', '12abc']) {
      const app = open(`/admin/invoice/balance-log?accountId=${encodeURIComponent(value)}`, { roles: FULL });
      expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
      expect(
        screen.getByText(`The address names no account: “${value}” is not an account number.`),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Open the balance log' }).getAttribute('href')).toBe(
        '/admin/invoice/balance-log',
      );
      expect(app.api.requests.some((request) => request.path.includes('balance-log/'))).toBe(false);
      app.unmount();
    }
  });

  it('says which account number it looked for when an account of the address has no records', async () => {
    open('/admin/invoice/balance-log?accountId=999', { roles: FULL });
    expect(await screen.findByText('No transactions for account 999')).toBeTruthy();
    expect(
      screen.getByText('There may be no account with this number: check the address, or choose an account.'),
    ).toBeTruthy();
  });

  it('refuses users with only their own records another account or all of them, as the API does', async () => {
    for (const value of ['14', 'all']) {
      const app = open(`/admin/invoice/balance-log?accountId=${value}`, {
        as: 'agent',
        roles: ['ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST'],
      });
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
      expect(screen.getByText('You may see the transactions of your own account only.')).toBeTruthy();
      // no records of anyone: neither the other account's nor, unasked, the own ones
      expect(app.api.requests.some((request) => request.path.includes('balance-log/'))).toBe(false);
      await app.user.click(screen.getByRole('link', { name: 'Open the balance log' }));
      expect(app.location()).toBe('/invoice/balance-log');
      expect(await screen.findByText('Deposit at the Zurich desk')).toBeTruthy();
      app.unmount();
    }
  });

  it('says so when the period has no transactions', async () => {
    const ledger = createFakeLedger();
    ledger.records = [];
    open('/admin/invoice/balance-log', { roles: FULL, ledger });
    expect(await screen.findByText('No transactions in this period')).toBeTruthy();
  });

  it('asks for an account before the overview PDF, and downloads it for the selected account', async () => {
    recordDownloads();
    // a manager without an own account: nothing is selected at first
    const app = open('/admin/invoice/balance-log', {
      roles: [...FULL, 'ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF'],
      handle: (request) =>
        request.path === 'user/me'
          ? new Response(
              JSON.stringify({
                ...USERS.manager,
                roles: FULL.concat('ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF'),
                accountId: null,
              }),
              {
                headers: { 'Content-Type': 'application/json' },
              },
            )
          : undefined,
    });
    await screen.findByText('Deposit at the Zurich desk');
    expect(screen.getByText('Choose an account to see its balances.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Overview PDF' }));
    expect(await screen.findByText('Not selected account.')).toBeTruthy();
    expect(app.api.requests.some((request) => request.path === 'balance-log/overview/pdf')).toBe(false);

    app.unmount();
    const second = open('/admin/invoice/balance-log?accountId=13', {
      roles: [...FULL, 'ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF'],
    });
    await screen.findByText('Deposit at the Zurich desk');
    await second.user.click(screen.getByRole('button', { name: 'Overview PDF' }));
    await waitFor(() => expect(saved).toEqual(['TransactionOverview.pdf']));
    expect(queryOf(second.api.requests, 'balance-log/overview/pdf')).toEqual({
      selectedAccountId: '13',
      locale: 'en',
    });
  });

  it('offers the cashback PDF on cashback records with the cashback role', async () => {
    recordDownloads();
    const app = open('/admin/invoice/balance-log?accountId=14', {
      roles: [...FULL, 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK'],
    });
    const row = await rowOf('Cashback for delay');
    await app.user.click(within(row).getByRole('button', { name: 'Cashback PDF of Cashback for delay' }));
    await waitFor(() => expect(saved).toEqual(['Cashback.pdf']));
    expect(
      app.api.requests.some((request) => /^balance-log\/\d+\/cashback\/pdf\/en$/.test(request.path)),
    ).toBe(true);
  });

  it('shows no cashback PDF without the cashback role', async () => {
    open('/admin/invoice/balance-log?accountId=14', { roles: FULL });
    await screen.findByText('Cashback for delay');
    expect(screen.queryByRole('button', { name: /Cashback PDF/ })).toBeNull();
  });

  it('sends a chosen category and dates as filters', async () => {
    const app = open('/admin/invoice/balance-log?accountId=13', { roles: FULL });
    await screen.findByText('Deposit at the Zurich desk');
    await app.user.click(screen.getByRole('button', { name: 'More filters' }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'Payment' }));
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2031-03-01' } });
    await waitFor(
      () =>
        expect(queryOf(app.api.requests, 'balance-log/list')).toMatchObject({
          'typeId[]': '4',
          dateFrom: '2031-03-01',
          page: '0',
        }),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.queryByText('Deposit at the Zurich desk')).toBeNull());
    expect(screen.getByText('Reservation 77')).toBeTruthy();
  });

  it('sends the bare /invoice route to the first tab the user may open', async () => {
    const app = open('/admin/invoice', { as: 'agent' });
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log'));
  });
});
