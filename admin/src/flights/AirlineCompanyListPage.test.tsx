import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../test/fake-api.ts';
import { createFakeCatalogue, NO_PNL_SETTINGS } from '../test/fake-catalogue.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { FLIGHT_ROUTES } from './routes.ts';

const listRequests = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.path === 'flight-company/list');

const lastQuery = (requests: readonly FakeRequest[]) =>
  Object.fromEntries(listRequests(requests).at(-1)?.query ?? []);

/** A catalogue with 22 active companies, so the list has two pages of 15. */
function manyCompanies() {
  const catalogue = createFakeCatalogue();
  for (let index = 1; index <= 20; index += 1) {
    const number = String(index).padStart(2, '0');
    catalogue.companies.push({
      id: 100 + index,
      name: `Zeta Air ${number}`,
      code: `Z${index % 10}`,
      ...NO_PNL_SETTINGS,
      isActive: true,
    });
  }
  return catalogue;
}

const openList = (options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url: '/admin/flight/company/list', areaRoutes: FLIGHT_ROUTES, ...options });

afterEach(() => vi.useRealTimers());

describe('airline company list', () => {
  it('asks for page 0 of 15, sorted by name ascending, active only, and shows the companies', async () => {
    const app = openList();
    expect(await screen.findByRole('heading', { name: 'Airline companies' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Flights' }));
    expect(tabs.getByRole('link', { name: 'Airline Company' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Air Prishtina')).toBeTruthy();
    expect(screen.getByText('Chair Airlines')).toBeTruthy();
    expect(screen.queryByText('Edelweiss Air')).toBeNull();
    expect(listRequests(app.api.requests)).toHaveLength(1);
    expect(lastQuery(app.api.requests)).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'name',
      sortOrder: 'ASC',
      isActive: 'true',
    });
    for (const name of ['ID', 'Name', 'Code', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
  });

  it('maps the pages to the API from 0 and keeps the page size', async () => {
    const app = openList({ catalogue: manyCompanies() });
    expect(await screen.findByText('Showing 1–15 of 22')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 16–22 of 22')).toBeTruthy();
    expect(lastQuery(app.api.requests)).toMatchObject({ page: '1', pageSize: '15' });
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Showing 1–15 of 22')).toBeTruthy();
    expect(lastQuery(app.api.requests)).toMatchObject({ page: '0', pageSize: '15' });
  });

  it('reloads sorted the other way at once when a sortable header is clicked', async () => {
    const app = openList();
    await screen.findByText('Air Prishtina');
    const before = listRequests(app.api.requests).length;
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await app.user.click(within(header).getByText('Name'));
    await waitFor(() => expect(listRequests(app.api.requests).length).toBe(before + 1));
    expect(lastQuery(app.api.requests)).toMatchObject({ page: '0', sortBy: 'name', sortOrder: 'DESC' });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('waits 1 s after the last keystroke before searching, and searches from page 0', async () => {
    const app = openList({ catalogue: manyCompanies() });
    await screen.findByText('Showing 1–15 of 22');
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 16–22 of 22');
    const before = listRequests(app.api.requests).length;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'ch' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(search, { target: { value: 'chair' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(listRequests(app.api.requests)).toHaveLength(before);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(listRequests(app.api.requests)).toHaveLength(before + 1);
    expect(lastQuery(app.api.requests)).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'name',
      sortOrder: 'ASC',
      query: 'chair',
      isActive: 'true',
    });
    vi.useRealTimers();
    expect(await screen.findByText('Showing 1–1 of 1')).toBeTruthy();
    expect(screen.getByText('Chair Airlines')).toBeTruthy();
  });

  it('asks for all companies when "Active only" is turned off', async () => {
    const app = openList();
    await screen.findByText('Air Prishtina');
    await app.user.click(screen.getByRole('switch', { name: 'Active only' }));
    expect(await screen.findByText('Edelweiss Air', {}, { timeout: 3000 })).toBeTruthy();
    expect(lastQuery(app.api.requests)).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'name',
      sortOrder: 'ASC',
    });
  });

  it('says so when nothing matches, with a hint to change the filters', async () => {
    const catalogue = createFakeCatalogue();
    catalogue.companies = [];
    openList({ catalogue });
    expect(await screen.findByText('No airline companies found')).toBeTruthy();
    expect(screen.getByText('Try another search or change the filters.')).toBeTruthy();
  });

  it('offers add and edit to a user who may open those pages', async () => {
    openList();
    const add = await screen.findByRole('link', { name: 'Add airline company' });
    expect(add.getAttribute('href')).toBe('/admin/flight/company/new');
    const edit = await screen.findByRole('link', { name: 'Edit Air Prishtina' });
    expect(edit.getAttribute('href')).toBe('/admin/flight/company/edit/1');
  });

  it('hides add without ROLE_FLIGHT_COMPANY_CREATE and disables edit without the edit page rule', async () => {
    openList({ as: 'manager' });
    await screen.findByText('Air Prishtina');
    expect(screen.queryByRole('link', { name: 'Add airline company' })).toBeNull();
    const edit = screen.getByRole('button', { name: 'Edit Air Prishtina' });
    expect(edit.hasAttribute('disabled')).toBe(true);
  });
});

describe('deleting an airline company', () => {
  it('asks first, then deletes a company no flight flies', async () => {
    const app = openList();
    await app.user.click(await screen.findByRole('button', { name: 'Delete Chair Airlines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete airline company' });
    expect(dialog.textContent).toContain('Delete the airline company Chair Airlines?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chair Airlines was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Chair Airlines')).toBeNull());
    expect(app.api.requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      'flight-company/2',
    ]);
    expect(app.api.catalogue.companies.map((company) => company.id)).toEqual([1, 3]);
  });

  it('keeps a company a flight flies and shows the server’s message (409 ERROR_IN_USE)', async () => {
    const catalogue = createFakeCatalogue();
    catalogue.inUse = new Set(['flight-company/1']);
    const app = openList({ catalogue });
    await app.user.click(await screen.findByRole('button', { name: 'Delete Air Prishtina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete airline company' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This is still in use and cannot be deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Air Prishtina')).toBeTruthy();
    expect(catalogue.companies).toHaveLength(3);
  });

  it('has no delete without ROLE_FLIGHT_COMPANY_DELETE', async () => {
    openList({ as: 'manager' });
    await screen.findByText('Air Prishtina');
    expect(screen.queryByRole('button', { name: 'Delete Air Prishtina' })).toBeNull();
  });
});
