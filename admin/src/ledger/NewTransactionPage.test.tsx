import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DemoUser, type FakeRequest, USERS } from '../test/fake-api.ts';
import { ACCOUNTS, apiFailure, createFakeLedger, handleLedger } from '../test/fake-ledger.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { ACCOUNTING_ROUTES } from './routes.ts';

/** What the page itself needs (spec 03 §6 New transaction). */
const PAGE = ['ROLE_BALANCE_LOG_RECORD_TYPE_LIST', 'ROLE_ACCOUNT_LIST', 'ROLE_ACCOUNT_LIST_FREE'];
const CASHBACK = 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK';
const DEPOSIT = 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT';
const SETTLEMENT = 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT';
const ADVANCED = 'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT';
const CHARGE = 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT';

function open(
  roles: string[],
  options: {
    as?: DemoUser;
    handle?: (request: FakeRequest) => Response | undefined;
    languages?: string[];
  } = {},
) {
  const as = options.as ?? 'manager';
  const ledger = createFakeLedger();
  return renderAdmin({
    as,
    url: '/admin/invoice/new-transaction',
    areaRoutes: ACCOUNTING_ROUTES,
    roles: { [as]: [...PAGE, ...roles] },
    ...(options.languages ? { languages: options.languages } : {}),
    handle: (request) => options.handle?.(request) ?? handleLedger(ledger, request, USERS[as].id),
  });
}

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'New Transaction' }))
    .getAllByRole('tab')
    .map((tab) => ({ name: tab.textContent, selected: tab.getAttribute('aria-selected') === 'true' }));

const posted = (requests: readonly FakeRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;

type App = ReturnType<typeof open>;

/** Types into an account picker, waits for the (debounced) search and chooses the account. */
async function chooseAccount(app: App, label: string, search: string, name: RegExp) {
  const box = screen.getByRole('combobox', { name: label });
  await app.user.click(box);
  await app.user.type(box, search);
  await waitFor(
    () =>
      expect(
        app.api.requests.some(
          (request) => request.path === 'account/free-list' && request.query.get('query') === search,
        ),
      ).toBe(true),
    { timeout: 3000 },
  );
  await app.user.click(await screen.findByRole('option', { name }));
}

afterEach(() => vi.restoreAllMocks());

describe('new transaction', () => {
  it('shows only the tabs the user may use and selects the first of them', async () => {
    open([CASHBACK, ADVANCED]);
    expect(await screen.findByRole('heading', { name: 'New Transaction' })).toBeTruthy();
    expect(tabNames()).toEqual([
      { name: 'Cashback', selected: true },
      { name: 'Advanced', selected: false },
    ]);
    expect(await screen.findByRole('form', { name: 'Cashback' })).toBeTruthy();
  });

  it('selects Deposits when it is the first tab the user may use', async () => {
    open([SETTLEMENT, ADVANCED]);
    await screen.findByRole('heading', { name: 'New Transaction' });
    expect(tabNames()).toEqual([
      { name: 'Deposits', selected: true },
      { name: 'Advanced', selected: false },
    ]);
  });

  it('gives agents with the charge role the Charge account tab, first', async () => {
    open([CHARGE, SETTLEMENT], { as: 'agent' });
    await screen.findByRole('heading', { name: 'New Transaction' });
    expect(tabNames()).toEqual([
      { name: 'Charge account', selected: true },
      { name: 'Deposits', selected: false },
    ]);
  });

  it('books a cashback from the expense account to the chosen customer and shows the balance log', async () => {
    const app = open([CASHBACK, 'ROLE_BALANCE_LOG_RECORD_LIST']);
    await screen.findByRole('form', { name: 'Cashback' });
    await chooseAccount(app, 'Customer or agent account', 'Berisha', /Arben Berisha/);
    await app.user.type(screen.getByRole('textbox', { name: 'Amount (CHF)' }), '25,50');
    await app.user.type(screen.getByRole('textbox', { name: 'Description' }), 'Delayed flight');
    // A double click books once, with the intent's Idempotency-Key.
    await app.user.dblClick(screen.getByRole('button', { name: 'Book transaction' }));
    expect(await screen.findByText('Payment done')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log?accountId=14'));
    expect(posted(app.api.requests, 'payment/free/basic').map((request) => request.body)).toEqual([
      { debitAccountId: 107, creditAccountId: 14, amount: 25.5, typeId: 1, description: 'Delayed flight' },
    ]);
    expect(posted(app.api.requests, 'payment/free/basic')[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    // the free-list search waited for the typing to stop: one search for the whole word
    const searches = app.api.requests.filter((request) => request.path === 'account/free-list');
    expect(searches.map((request) => request.query.get('query'))).toEqual([null, 'Berisha']);
  });

  it('pays a settlement out of the user account into the chosen cash desk', async () => {
    const app = open([DEPOSIT, SETTLEMENT]);
    await screen.findByRole('form', { name: 'Deposits' });
    await app.user.click(screen.getByRole('radio', { name: 'Settlement' }));
    await chooseAccount(app, 'Customer or agent account', 'Alpen', /Alpen Reisen GmbH/);
    await app.user.selectOptions(
      screen.getByRole('combobox', { name: 'Paid out from' }),
      'Cash desk Pristina (Cash desk)',
    );
    await app.user.type(screen.getByRole('textbox', { name: 'Amount (CHF)' }), '80');
    await app.user.click(screen.getByRole('button', { name: 'Book transaction' }));
    expect(await screen.findByText('Payment done')).toBeTruthy();
    expect(posted(app.api.requests, 'payment/free/basic').map((request) => request.body)).toEqual([
      { debitAccountId: 13, creditAccountId: 102, amount: 80, typeId: 3, description: '' },
    ]);
  });

  it('offers only the desks the user may operate when the payment accounts can be read', async () => {
    const app = open([DEPOSIT, 'ROLE_ACCOUNT_LIST_PAYMENT'], {
      handle: (request) =>
        request.path === 'account/payment-list' && request.query.get('paymentType') === 'cash'
          ? new Response(JSON.stringify({ items: [ACCOUNTS.cashPristina], total: 1 }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    await screen.findByRole('form', { name: 'Deposits' });
    const desk = screen.getByRole('combobox', { name: 'Received in' });
    expect(
      within(desk)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Please choose',
      'Cash desk Pristina (Cash desk)',
      'UBS EC terminal (Bank (EC))',
      'PostFinance transfer (Bank transfer)',
    ]);
    expect(app.api.requests.filter((request) => request.path === 'account/payment-list')).toHaveLength(3);
  });

  it('names the cash desks and the accounts of the pickers in the interface’s language', async () => {
    const app = open([DEPOSIT, ADVANCED], { languages: ['fr-CH'] });
    await screen.findByRole('form', { name: 'Dépôts' });
    const desk = screen.getByRole('combobox', { name: 'Encaissé sur' });
    expect(
      within(desk)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Veuillez choisir',
      'Caisse Zurich (Caisse)',
      'Caisse Pristina (Caisse)',
      // An account the catalogue does not name keeps its own name.
      'UBS EC terminal (Banque (EC))',
      'PostFinance transfer (Virement bancaire)',
    ]);
    await app.user.click(screen.getByRole('tab', { name: 'Avancé' }));
    const debit = await screen.findByRole('combobox', { name: 'Compte débité' });
    await app.user.click(debit);
    await app.user.click(await screen.findByRole('option', { name: /Produits des billets/ }));
    expect(debit).toHaveProperty('value', 'Produits des billets');
  });

  it('requires every field of the advanced form', async () => {
    const app = open([ADVANCED]);
    await screen.findByRole('form', { name: 'Advanced' });
    await app.user.click(screen.getByRole('button', { name: 'Book transaction' }));
    // the first wrong field has the focus, and the account list it opens hides the rest
    await app.user.keyboard('{Escape}');
    for (const name of ['Debit account', 'Credit account', 'Category']) {
      expect(errorOf(screen.getByRole('combobox', { name }))).toBe('This value is required.');
    }
    for (const name of ['Amount (CHF)', 'Description']) {
      expect(errorOf(screen.getByRole('textbox', { name }))).toBe('This value is required.');
    }
    expect(posted(app.api.requests, 'payment/free/advanced')).toEqual([]);
  });

  it('sends an advanced transaction and shows a refused account under its field', async () => {
    const app = open([ADVANCED], {
      handle: (request) =>
        request.method === 'POST' && request.path === 'payment/free/advanced'
          ? apiFailure(422, {
              code: 'ERROR_SAME_ACCOUNT',
              message: 'Debit and credit account must differ.',
              field: 'creditAccountId',
            })
          : undefined,
    });
    await screen.findByRole('form', { name: 'Advanced' });
    await chooseAccount(app, 'Debit account', 'Cash desk Z', /Cash desk Zurich/);
    await chooseAccount(app, 'Credit account', 'Cash desk Z', /Cash desk Zurich/);
    await app.user.type(screen.getByRole('textbox', { name: 'Amount (CHF)' }), '10');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Correction');
    await app.user.type(screen.getByRole('textbox', { name: 'Description' }), 'Till difference');
    await app.user.click(screen.getByRole('button', { name: 'Book transaction' }));
    await waitFor(() =>
      expect(errorOf(screen.getByRole('combobox', { name: 'Credit account' }))).toBe(
        'Debit and credit account must differ.',
      ),
    );
    expect(posted(app.api.requests, 'payment/free/advanced').map((request) => request.body)).toEqual([
      { debitAccountId: 101, creditAccountId: 101, amount: 10, typeId: 8, description: 'Till difference' },
    ]);
    expect(app.location()).toBe('/invoice/new-transaction');
  });

  it('charges the agent account by card in the payment window', async () => {
    const popup = { closed: false };
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const app = open([CHARGE, SETTLEMENT], { as: 'agent' });
    await screen.findByRole('form', { name: 'Charge account' });
    await app.user.type(screen.getByRole('textbox', { name: 'Amount (CHF)' }), '150');
    // A double click starts one card payment, with the intent's Idempotency-Key.
    await app.user.dblClick(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText('Complete the payment in the payment window.')).toBeTruthy();
    expect(posted(app.api.requests, 'payment/datatrans/agent/init').map((request) => request.body)).toEqual([
      { source: 'agentAccount', amount: 150, agentId: 3, routeName: '/invoice/balance-log' },
    ]);
    expect(posted(app.api.requests, 'payment/datatrans/agent/init')[0]?.idempotencyKey).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect(openWindow).toHaveBeenCalledTimes(1);
    expect(posted(app.api.requests, 'public/payment/datatrans/start').map((request) => request.body)).toEqual(
      [{ transactionId: 'TRX1' }],
    );
    expect(openWindow).toHaveBeenCalledWith(
      'http://localhost:4390/v1/start/TRX1',
      'flybook-card-payment',
      expect.any(String),
    );
  });
});
