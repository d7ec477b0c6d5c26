import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeCatalogue } from '../test/fake-catalogue.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { RATE_ROUTES } from './routes.ts';

const open = (options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url: '/admin/rate/list', areaRoutes: RATE_ROUTES, ...options });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);

describe('rates list', () => {
  it('shows one column per tariff with standard price + fuel fee + airport fee, summed exactly', async () => {
    const app = open();
    expect(await screen.findByRole('heading', { name: 'Rates' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Rates' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Rates', 'Options']);
    const summer = (await screen.findByText('Summer 2027')).closest<HTMLElement>('[role="row"]');
    if (!summer) throw new Error('no row');
    for (const name of ['Economy Light', 'Economy Classic', 'Economy Plus', 'Business']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    // 199.95 + 35.10 + 12.05; 249.90 + 35.10 + 12.05; 0.10 + 0.20 + 0.05; 899 + 40 + 12.05
    expect(cellsOf(summer).slice(0, 6)).toEqual([
      '1',
      'Summer 2027',
      'CHF\u00a0247.10',
      'CHF\u00a0297.05',
      'CHF\u00a00.35',
      'CHF\u00a0951.05',
    ]);
    const winter = screen.getByText('Winter 2027').closest<HTMLElement>('[role="row"]');
    if (!winter) throw new Error('no row');
    expect(cellsOf(winter).slice(2, 6)).toEqual(['CHF\u00a0129.00', 'CHF\u00a0159.00', '–', '–']);
    const query = Object.fromEntries(
      app.api.requests.find((request) => request.path === 'rate/list')?.query ?? [],
    );
    expect(query).toEqual({ page: '0', pageSize: '15', sortBy: 'name', sortOrder: 'ASC', isActive: 'true' });
  });

  it('names the tariff columns in the interface language', async () => {
    open({ languages: ['fr-CH'] });
    expect(await screen.findByRole('columnheader', { name: 'Économique Light' })).toBeTruthy();
    expect(await screen.findByText(/^CHF\s247.10$/)).toBeTruthy();
  });

  it('hides "Add new rate" without ROLE_RATE_CREATE and disables edit without the edit page rule', async () => {
    open({ as: 'manager', roles: { manager: ['ROLE_RATE_LIST', 'ROLE_TARIFF_LIST', 'ROLE_RATE_READ'] } });
    await screen.findByText('Summer 2027');
    expect(screen.queryByRole('link', { name: 'Add new rate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Summer 2027' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers add and edit with the roles of those pages', async () => {
    open({
      as: 'manager',
      roles: {
        manager: [
          'ROLE_RATE_LIST',
          'ROLE_TARIFF_LIST',
          'ROLE_RATE_CREATE',
          'ROLE_RATE_READ',
          'ROLE_RATE_UPDATE',
        ],
      },
    });
    expect((await screen.findByRole('link', { name: 'Add new rate' })).getAttribute('href')).toBe(
      '/admin/rate/new',
    );
    expect((await screen.findByRole('link', { name: 'Edit Summer 2027' })).getAttribute('href')).toBe(
      '/admin/rate/edit/1',
    );
  });
});

describe('deleting a rate', () => {
  it('asks first, then deletes a rate no flight uses', async () => {
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: 'Delete Winter 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rate' });
    expect(dialog.textContent).toContain('Delete the rate Winter 2027 with its prices?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await app.user.click(screen.getByRole('button', { name: 'Delete Winter 2027' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Delete rate' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Winter 2027 was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Winter 2027')).toBeNull());
    expect(app.api.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      'rate/2',
    ]);
    expect(screen.getByText('Summer 2027')).toBeTruthy();
  });

  it('keeps a rate a flight uses and shows the server’s message (409 ERROR_IN_USE)', async () => {
    const catalogue = createFakeCatalogue();
    catalogue.inUse = new Set(['rate/1']);
    const app = open({ catalogue, languages: ['fr'] });
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer Summer 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le tarif' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText('Cet élément est encore utilisé et ne peut pas être supprimé.'),
    ).toBeTruthy();
    expect(screen.getByText('Summer 2027')).toBeTruthy();
    expect(catalogue.rates.map((rate) => rate.id)).toEqual([1, 2]);
  });

  it('has no delete without ROLE_RATE_DELETE', async () => {
    open({ as: 'manager', roles: { manager: ['ROLE_RATE_LIST', 'ROLE_TARIFF_LIST'] } });
    await screen.findByText('Summer 2027');
    expect(screen.queryByRole('button', { name: 'Delete Summer 2027' })).toBeNull();
  });
});
