import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeCatalogue } from '../test/fake-catalogue.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { RATE_ROUTES } from './routes.ts';

const open = (url: string, options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url, areaRoutes: RATE_ROUTES, ...options });

const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;

const inLanguage = (language: string) => within(screen.getByRole('group', { name: language }));

describe('options list', () => {
  it('lists code, type, title in the interface language, price and status, sorted by code', async () => {
    const app = open('/admin/rate/option/list', { languages: ['de'] });
    expect(await screen.findByRole('heading', { name: 'Optionen' })).toBeTruthy();
    const row = (await screen.findByText('BAG-20')).closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('no row');
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual(['BAG-20', 'Allgemein', 'Zusatzgepäck 20 kg', 'CHF\u00a045.50', 'Aktiv', 'BearbeitenLöschen']);
    const query = Object.fromEntries(
      app.api.requests.find((request) => request.path === 'option/list')?.query ?? [],
    );
    expect(query).toEqual({ page: '0', pageSize: '15', sortBy: 'code', sortOrder: 'ASC', isActive: 'true' });
  });

  it('hides "Add new option" without ROLE_RESERVATION_OPTION_CREATE', async () => {
    open('/admin/rate/option/list', { as: 'manager', roles: { manager: ['ROLE_RESERVATION_OPTION_LIST'] } });
    await screen.findByText('BAG-20');
    expect(screen.queryByRole('link', { name: 'Add new option' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit BAG-20' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete BAG-20' })).toBeNull();
  });
});

describe('deleting an option', () => {
  it('asks first, then deletes an option no booking holds with ROLE_RATE_DELETE', async () => {
    const app = open('/admin/rate/option/list', {
      as: 'manager',
      roles: { manager: ['ROLE_RESERVATION_OPTION_LIST', 'ROLE_RATE_DELETE'] },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Delete BAG-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete option' });
    expect(dialog.textContent).toContain('Delete the option BAG-20?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('BAG-20 was deleted.')).toBeTruthy();
    expect(await screen.findByText('No options found')).toBeTruthy();
    expect(app.api.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      'option/1',
    ]);
    expect(app.api.catalogue.options).toEqual([]);
  });

  it('keeps an option a booked ticket holds and shows the server’s message (409 ERROR_IN_USE)', async () => {
    const catalogue = createFakeCatalogue();
    catalogue.inUse = new Set(['option/1']);
    const app = open('/admin/rate/option/list', { catalogue, languages: ['sq'] });
    await app.user.click(await screen.findByRole('button', { name: 'Fshi BAG-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fshi opsionin' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Fshi' }));
    expect(
      await screen.findByText('Ky element është ende në përdorim dhe nuk mund të fshihet.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('BAG-20')).toBeTruthy();
    expect(catalogue.options).toHaveLength(1);
  });
});

describe('option form', () => {
  it('requires code, type, price and the title in all four languages', async () => {
    const app = open('/admin/rate/option/new');
    expect(await screen.findByRole('heading', { name: 'New option' })).toBeTruthy();
    await screen.findByRole('group', { name: 'English' });
    await app.user.type(inLanguage('English').getByRole('textbox', { name: 'Title' }), 'Extra bag');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByRole('textbox', { name: 'Code' }))).toBe('This value is required.');
    expect(errorOf(screen.getByRole('combobox', { name: 'Type' }))).toBe('This value is required.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Price (CHF)' }))).toBe('This value is required.');
    for (const language of ['Deutsch', 'Français', 'Shqip']) {
      expect(errorOf(inLanguage(language).getByRole('textbox', { name: 'Title' }))).toBe(
        'This value is required.',
      );
    }
    expect(errorOf(inLanguage('English').getByRole('textbox', { name: 'Title' }))).toBeUndefined();
  });

  it('creates an option with its texts in four languages', async () => {
    const app = open('/admin/rate/option/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Code' }), 'ins-1');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Travel insurance');
    await app.user.type(screen.getByRole('textbox', { name: 'Price (CHF)' }), '19.9');
    const texts = { Deutsch: 'Versicherung', English: 'Insurance', Français: 'Assurance', Shqip: 'Sigurim' };
    for (const [language, title] of Object.entries(texts)) {
      await app.user.type(inLanguage(language).getByRole('textbox', { name: 'Title' }), title);
      await app.user.type(inLanguage(language).getByRole('textbox', { name: 'Description' }), `${title}!`);
    }
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/rate/option/list'));
    expect(app.api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      code: 'INS-1',
      type: { id: 2 },
      isActive: true,
      configValues: {
        title: { de: 'Versicherung', en: 'Insurance', fr: 'Assurance', sq: 'Sigurim' },
        description: { de: 'Versicherung!', en: 'Insurance!', fr: 'Assurance!', sq: 'Sigurim!' },
        price: 19.9,
      },
    });
  });

  it('shows the type but does not let it change on edit, and does not send it', async () => {
    const app = open('/admin/rate/option/edit/1');
    expect(await screen.findByRole('heading', { name: 'Edit option' })).toBeTruthy();
    const type = await screen.findByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(type).toHaveProperty('value', '1'));
    expect(type.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('The type of an option cannot be changed.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Price (CHF)' })).toHaveProperty('value', '45.50');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('option/1');
    expect(put?.body).not.toHaveProperty('type');
    expect(put?.body).toMatchObject({ code: 'BAG-20', configValues: { price: 45.5 } });
  });

  it('puts a 422 on a title of one language under that title', async () => {
    const app = open('/admin/rate/option/edit/1', {
      handle: (request) =>
        request.method === 'PUT'
          ? new Response(
              JSON.stringify({
                errors: [{ code: 'ERROR_NOT_BLANK', message: 'blank', field: 'configValues.title.fr' }],
              }),
              { status: 422, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveProperty('value', 'BAG-20'),
    );
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(inLanguage('Français').getByRole('textbox', { name: 'Title' }))).toBe(
        'Value should not be empty string.',
      ),
    );
  });
});
