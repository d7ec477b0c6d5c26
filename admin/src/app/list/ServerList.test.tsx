import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLIGHT_ROUTES } from '../../flights/routes.ts';
import type { FakeRequest } from '../../test/fake-api.ts';
import { renderAdmin } from '../../test/render-admin.tsx';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The airline company list with a switch that makes its list call fail: any list behind ServerList
 * shows its failures this way (docs/decisions.md "Failure states").
 */
function openFailingList(answer: () => Response) {
  const server = { failing: true };
  const app = renderAdmin({
    as: 'admin',
    url: '/admin/flight/company/list',
    areaRoutes: FLIGHT_ROUTES,
    handle: (request: FakeRequest) =>
      server.failing && request.path === 'flight-company/list' ? answer() : undefined,
  });
  return { app, server };
}

const forbidden = () =>
  json({ errors: [{ code: 'ERROR_FORBIDDEN', message: 'You may not read this list.' }] }, 403);

const listRegion = () => screen.getByRole('region', { name: 'Airline companies' });

describe('a server-paged list that cannot load', () => {
  it("shows the server's message and Retry instead of the empty state, and the rows after Retry", async () => {
    const { app, server } = openFailingList(forbidden);
    const alert = await within(await screen.findByRole('region', { name: 'Airline companies' })).findByRole(
      'alert',
    );
    expect(alert.textContent).toContain('The list could not be loaded.');
    // The message of a known code, in the interface language.
    expect(alert.textContent).toContain("You don't have permissions for this action.");
    expect(screen.queryByText('No airline companies found')).toBeNull();
    expect(screen.queryByText('Try another search or change the filters.')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    // Said once, where the rows would be: no notice on top of it.
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).queryByText(/permissions/),
    ).toBeNull();

    server.failing = false;
    await app.user.click(within(listRegion()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Air Prishtina')).toBeTruthy();
    expect(within(listRegion()).queryByRole('alert')).toBeNull();
  });

  it('calls a failure with a code the catalogue does not know an unknown error, with the server’s words', async () => {
    openFailingList(() =>
      json({ errors: [{ code: 'ERROR_SOMETHING_NEW', message: 'Index rebuilding.' }] }, 400),
    );
    const alert = await within(await screen.findByRole('region', { name: 'Airline companies' })).findByRole(
      'alert',
    );
    expect(alert.textContent).toContain('Unknown Error. Index rebuilding.');
  });

  it('shows no rows of the old filters when the new ones fail, and the last rows marked out of date when a reload fails', async () => {
    const { app, server } = openFailingList(forbidden);
    server.failing = false;
    expect(await screen.findByText('Air Prishtina')).toBeTruthy();

    // Other filters fail: the rows on screen answered the old ones, so they go.
    server.failing = true;
    await app.user.click(screen.getByRole('switch', { name: 'Active only' }));
    const alert = await within(listRegion()).findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(screen.queryByText('Air Prishtina')).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();

    // Back to the filters that loaded: their rows return from the cache while the list asks again;
    // that reload fails, so the rows stay, said to be possibly out of date, with Retry.
    await app.user.click(screen.getByRole('switch', { name: 'Active only' }));
    const stale = await within(listRegion()).findByText(
      'The list could not be refreshed. The rows below may be out of date.',
      {},
      { timeout: 3000 },
    );
    expect(screen.getByText('Air Prishtina')).toBeTruthy();
    expect(stale.closest('[role="alert"]')?.textContent).toContain(
      "You don't have permissions for this action.",
    );

    server.failing = false;
    await app.user.click(within(listRegion()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(listRegion()).queryByRole('alert')).toBeNull());
    expect(screen.getByText('Air Prishtina')).toBeTruthy();
  });
});
