import { MAIN_MENU, menuEntryTarget } from '@flybook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';

const LABELS = ['Invoices', 'Flights', 'Reservations', 'Users', 'Allotments', 'Rates', 'Settings'];

async function menu() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }));
}

describe('main menu', () => {
  it('lists the seven sections in the spec order, all linked for an admin', async () => {
    renderAdmin({ as: 'admin', url: '/admin/reservation/list' });
    const nav = await menu();
    const links = nav.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LABELS);
    expect(nav.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/user/manager/list');
  });

  it('shows sections an agent may not open as plain text, not links', async () => {
    renderAdmin({ as: 'agent', url: '/admin/reservation/list' });
    const nav = await menu();
    // the agent has none of the manager, agent or customer list roles
    expect(nav.queryByRole('link', { name: 'Users' })).toBeNull();
    const users = nav.getByText('Users');
    expect(users.tagName).toBe('SPAN');
    expect(users.getAttribute('aria-disabled')).toBe('true');
    expect(nav.queryByRole('link', { name: 'Rates' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Flights' }).getAttribute('href')).toBe('/admin/flight/list');
    expect(nav.getByRole('link', { name: 'Reservations' })).toBeTruthy();
  });

  it('links exactly the sections @flybook/domain permits for each user', async () => {
    for (const name of ['admin', 'manager', 'agent'] as const) {
      const app = renderAdmin({ as: name, url: '/admin/reservation/list' });
      const nav = await menu();
      MAIN_MENU.forEach((entry, index) => {
        const label = LABELS[index]!;
        const target = menuEntryTarget(USERS[name], entry.section);
        const link = nav.queryByRole('link', { name: label });
        expect(link?.getAttribute('href') ?? null, `${name} → ${label}`).toBe(
          target ? `/admin${target}` : null,
        );
      });
      app.unmount();
    }
  });

  it('marks the section of the current page', async () => {
    renderAdmin({ as: 'admin', url: '/admin/flight/company/list' });
    const nav = await menu();
    expect(nav.getByRole('link', { name: 'Flights' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('top bar', () => {
  it('shows the user name and the balance in CHF', async () => {
    renderAdmin({ as: 'agent', url: '/admin/reservation/list', balances: { 3: 1234.5 } });
    expect(await screen.findByText('Alpen Reisen GmbH')).toBeTruthy();
    expect(await screen.findByText(/CHF\s1,234\.50/)).toBeTruthy();
  });

  it('shows a balance of 0.00 when the account cannot be read', async () => {
    renderAdmin({ as: 'manager', url: '/admin/reservation/list' });
    expect(await screen.findByText('Mira Krasniqi')).toBeTruthy();
    expect(screen.getByText(/CHF\s0\.00/)).toBeTruthy();
  });
});
