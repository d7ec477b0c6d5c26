import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test/render-admin.tsx';

describe('route guard', () => {
  it('sends a logged-out visitor to login with the original location in ?to=', async () => {
    const app = renderAdmin({ url: '/admin/flight/list?status=created' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(app.location()).toBe(`/login?to=${'/admin/flight/list%3Fstatus%3Dcreated'}`);
    expect(new URLSearchParams(app.router.state.location.search).get('to')).toBe(
      '/admin/flight/list?status=created',
    );
  });

  it('sends a logged-in user without the route permission to the deny page', async () => {
    const app = renderAdmin({ as: 'agent', url: '/admin/settings/permissions' });
    expect(await screen.findByText("You don't have permissions for this page.")).toBeTruthy();
    expect(app.location()).toBe('/deny');
    // a back-office user keeps the menu on the deny page
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('shows Not Found for an unknown path', async () => {
    renderAdmin({ as: 'admin', url: '/admin/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText('Page is not found.')).toBeTruthy();
  });

  it('shows Not Found to a logged-out visitor on an unknown path too (no login detour)', async () => {
    const app = renderAdmin({ url: '/admin/nothing-here' });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(app.location()).toBe('/nothing-here');
  });

  it('redirects a bare section route to the first tab the user may open', async () => {
    const app = renderAdmin({ as: 'manager', url: '/admin/user' });
    // the manager holds ROLE_MANAGER_LIST: Managers is the first tab
    await waitFor(() => expect(app.location()).toBe('/user/manager/list'));
    const agent = renderAdmin({ as: 'agent', url: '/admin/flight' });
    await waitFor(() => expect(agent.location()).toBe('/flight/list'));
  });

  it('skips tabs the user may not open', async () => {
    const app = renderAdmin({ as: 'admin', url: '/admin/settings' });
    await waitFor(() => expect(app.location()).toBe('/settings/account'));
  });

  it('denies a bare section route when no tab of it is permitted', async () => {
    const app = renderAdmin({ as: 'agent', url: '/admin/user' });
    expect(await screen.findByText("You don't have permissions for this page.")).toBeTruthy();
    expect(app.location()).toBe('/deny');
  });

  it('shows Not Found for a permitted route whose page is not built yet', async () => {
    const app = renderAdmin({ as: 'admin', url: '/admin/flight/list' });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(app.location()).toBe('/flight/list');
  });

  it('renders an area page registered as a lazy route', async () => {
    renderAdmin({
      as: 'agent',
      url: '/admin/flight/list',
      areaRoutes: [{ name: 'flightList', load: async () => ({ Component: () => <h1>Flights page</h1> }) }],
    });
    expect(await screen.findByRole('heading', { name: 'Flights page' })).toBeTruthy();
  });

  it('sends a customer to the deny page, which offers logout and the language switch', async () => {
    const app = renderAdmin({ as: 'customer', url: '/admin/reservation/list' });
    expect(await screen.findByText("You don't have permissions for this page.")).toBeTruthy();
    expect(app.location()).toBe('/deny');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeTruthy();
  });

  it('shows the loading screen while user/me loads on start', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderAdmin({
      as: 'admin',
      url: '/admin/reservation/list',
      handle: (request) => (request.path === 'user/me' ? gate.then(() => undefined) : undefined),
    });
    expect((await screen.findByRole('status')).textContent).toContain('Loading…');
    release();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });
});
