import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test/render-admin.tsx';
import { RATE_ROUTES } from './routes.ts';

const open = (url: string, options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url, areaRoutes: RATE_ROUTES, ...options });

const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;

const input = (tariff: string, field: string) => screen.getByRole('textbox', { name: `${tariff}: ${field}` });

const FIELDS = [
  'Standard price (CHF)',
  'Round-trip price (CHF)',
  'Child (%)',
  'Infant (%)',
  'Airport fee (CHF)',
  'Fuel fee (CHF)',
];

describe('new rate', () => {
  it('requires the prices of every tariff', async () => {
    const app = open('/admin/rate/new');
    expect(await screen.findByRole('heading', { name: 'New rate' })).toBeTruthy();
    await app.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Autumn');
    for (const tariff of ['Economy Light', 'Economy Classic', 'Economy Plus']) {
      for (const field of FIELDS) await app.user.type(input(tariff, field), '10');
    }
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    for (const field of FIELDS) expect(errorOf(input('Business', field))).toBe('This value is required.');
    expect(errorOf(input('Economy Plus', 'Fuel fee (CHF)'))).toBeUndefined();
    expect(app.api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('rejects amounts with more than two decimals with the catalogue message', async () => {
    const app = open('/admin/rate/new');
    const standard = await screen.findByRole('textbox', { name: 'Economy Light: Standard price (CHF)' });
    await app.user.type(standard, '12.505');
    await app.user.type(input('Economy Light', 'Fuel fee (CHF)'), 'abc');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(standard)).toBe('Amount must be rounded to 0.01.');
    expect(errorOf(input('Economy Light', 'Fuel fee (CHF)'))).toBe('This value is not in the right format.');
  });

  it('sends every tariff and returns to the list with "Created successfully"', async () => {
    const app = open('/admin/rate/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Autumn');
    for (const tariff of ['Economy Light', 'Economy Classic', 'Economy Plus', 'Business']) {
      for (const field of FIELDS)
        await app.user.type(input(tariff, field), field.includes('%') ? '50' : '12.5');
    }
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/rate/list'));
    const body = app.api.requests.find((request) => request.method === 'POST')?.body;
    expect(body).toMatchObject({ name: 'Autumn', isActive: true });
    expect(body).toHaveProperty('priceList.3', {
      tariff: { id: 4 },
      priceStandard: 12.5,
      priceRound: 12.5,
      priceChildPercent: 50,
      priceInfantPercent: 50,
      airportFee: 12.5,
      fuelFee: 12.5,
    });
  });
});

describe('edit rate', () => {
  it('requires only the first two tariffs and leaves empty tariffs out', async () => {
    const app = open('/admin/rate/edit/2');
    expect(await screen.findByRole('heading', { name: 'Edit rate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to rates' }).getAttribute('href')).toBe('/admin/rate/list');
    await waitFor(() =>
      expect(input('Economy Light', 'Standard price (CHF)')).toHaveProperty('value', '99.00'),
    );
    expect(input('Business', 'Standard price (CHF)')).toHaveProperty('value', '');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('rate/2');
    expect(put?.body).toMatchObject({
      name: 'Winter 2027',
      priceList: [{ tariff: { id: 1 } }, { tariff: { id: 2 } }],
    });
  });

  it('still requires the first two tariffs on edit', async () => {
    const app = open('/admin/rate/edit/2');
    await waitFor(() => expect(input('Economy Classic', 'Fuel fee (CHF)')).toHaveProperty('value', '20.00'));
    await app.user.clear(input('Economy Classic', 'Fuel fee (CHF)'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(input('Economy Classic', 'Fuel fee (CHF)'))).toBe('This value is required.');
    expect(errorOf(input('Business', 'Fuel fee (CHF)'))).toBeUndefined();
    expect(app.api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows a 422 field error of the price list on the field of its tariff', async () => {
    const app = open('/admin/rate/edit/2', {
      handle: (request) =>
        request.method === 'PUT'
          ? new Response(
              JSON.stringify({
                errors: [
                  {
                    code: 'ERROR_MAXIMUM',
                    message: 'Too big',
                    field: 'priceList.1.fuelFee',
                    params: { limit: 100000 },
                  },
                ],
              }),
              { status: 422, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    await waitFor(() => expect(input('Economy Classic', 'Fuel fee (CHF)')).toHaveProperty('value', '20.00'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(input('Economy Classic', 'Fuel fee (CHF)'))).toBe('should be less or equal: 100000'),
    );
    expect(app.location()).toBe('/rate/edit/2');
  });
});
