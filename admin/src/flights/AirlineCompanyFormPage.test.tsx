import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test/render-admin.tsx';
import { FLIGHT_ROUTES } from './routes.ts';

const open = (url: string, options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url, areaRoutes: FLIGHT_ROUTES, ...options });

/** The message shown under a field (the kit's TextField puts it in the field's frame). */
const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;

describe('add airline company', () => {
  it('checks the fields with the shared schema before sending', async () => {
    const app = open('/admin/flight/company/new');
    expect(await screen.findByRole('heading', { name: 'Add Airline Company' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to airline companies' }).getAttribute('href')).toBe(
      '/admin/flight/company/list',
    );
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(errorOf(name)).toBe('This value is required.');
    expect(errorOf(code)).toBe('This value is required.');

    await app.user.type(code, 'F!');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(code)).toBe('This value is not in the right format.');
    expect(app.api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('saves the code in capitals, says "Created successfully" and returns to the list', async () => {
    const app = open('/admin/flight/company/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Flybook Airways');
    await app.user.type(screen.getByRole('textbox', { name: 'Code' }), 'fb');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/flight/company/list'));
    const post = app.api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('flight-company');
    expect(post?.body).toEqual({
      name: 'Flybook Airways',
      code: 'FB',
      isActive: true,
      pnlOriginator: null,
      pnlAddresses: [],
    });
    expect(await screen.findByText('Flybook Airways')).toBeTruthy();
  });

  it('shows the server’s field error (code already used) on the field', async () => {
    const app = open('/admin/flight/company/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Another Prishtina');
    const code = screen.getByRole('textbox', { name: 'Code' });
    await app.user.type(code, 'AP');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(code)).toBe('This value is already used.'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(
      await screen.findByText(
        'There was an issue. Please make sure all input fields are filled out correctly.',
      ),
    ).toBeTruthy();
    expect(app.location()).toBe('/flight/company/new');
  });
});

describe('edit airline company', () => {
  it('loads the company, saves the change and says "Updated successfully"', async () => {
    const app = open('/admin/flight/company/edit/2');
    expect(await screen.findByRole('heading', { name: 'Edit Airline Company' })).toBeTruthy();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Chair Airlines'));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveProperty('value', 'GM');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toHaveProperty('checked', true);
    await app.user.clear(name);
    await app.user.type(name, 'Chair Airlines AG');
    await app.user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('flight-company/2');
    expect(put?.body).toEqual({
      name: 'Chair Airlines AG',
      code: 'GM',
      isActive: false,
      pnlOriginator: null,
      pnlAddresses: [],
    });
    await waitFor(() => expect(app.location()).toBe('/flight/company/list'));
  });

  it('keeps the PNL originator and addresses, typed in any case, and refuses one that is no Type-B address', async () => {
    const app = open('/admin/flight/company/edit/2');
    const originator = await screen.findByRole('textbox', { name: 'PNL originator' });
    const addresses = screen.getByRole('textbox', { name: 'PNL addresses' });
    await app.user.type(originator, 'zrhrpgm');
    await app.user.type(addresses, 'ZRHKKGM, prnkkgm ZRH');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(addresses)).toBe('This value is not in the right format.');
    expect(app.api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await app.user.clear(addresses);
    await app.user.type(addresses, 'ZRHKKGM, prnkkgm');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ pnlOriginator: 'ZRHRPGM', pnlAddresses: ['ZRHKKGM', 'PRNKKGM'] });
  });

  it('shows an unknown-error notice with the server message when saving fails', async () => {
    const app = open('/admin/flight/company/edit/2', {
      handle: (request) =>
        request.method === 'PUT'
          ? new Response(JSON.stringify({ errors: [{ code: 'ERROR_CONFLICT', message: 'Conflict.' }] }), {
              status: 409,
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Chair Airlines'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Unknown Error. This change conflicts with the current state. Please reload and try again.',
      ),
    ).toBeTruthy();
    expect(app.location()).toBe('/flight/company/edit/2');
  });
});

describe('an airline company that cannot be loaded', () => {
  it('shows Not Found for a company the server does not have, under the page’s back link', async () => {
    open('/admin/flight/company/edit/999');
    expect(await screen.findByRole('heading', { name: 'Not Found', level: 2 })).toBeTruthy();
    expect(
      screen.getByText('There is no such record. It may have been deleted, or the address is wrong.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to airline companies/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('says why any other failure happened, and shows the form after Retry', async () => {
    let failing = true;
    const app = open('/admin/flight/company/edit/2', {
      handle: (request) => {
        if (!failing || request.path !== 'flight-company/2') return undefined;
        return new Response(
          JSON.stringify({ errors: [{ code: 'ERROR_FORBIDDEN', message: 'Not yours.' }] }),
          { status: 403, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded.');
    expect(alert.textContent).toContain("You don't have permissions for this action.");
    expect(screen.queryByRole('heading', { name: 'Not Found' })).toBeNull();
    failing = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Chair Airlines'));
  });
});
