import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { SectionTabs } from './SectionTabs.tsx';

describe('section tabs', () => {
  it('show only the tabs the user may open and mark the current one', async () => {
    renderAdmin({
      as: 'manager',
      url: '/admin/flight/company/list',
      areaRoutes: [
        {
          name: 'flightCompanyList',
          load: async () => ({ Component: () => <SectionTabs section="flight" user={USERS.manager} /> }),
        },
      ],
    });
    const tabs = within(await screen.findByRole('navigation', { name: 'Flights' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Flights', 'Airline Company']);
    expect(tabs.getByRole('link', { name: 'Airline Company' }).getAttribute('aria-current')).toBe('page');
  });

  it('leave out what the roles do not allow', async () => {
    renderAdmin({
      as: 'agent',
      url: '/admin/flight/list',
      areaRoutes: [
        {
          name: 'flightList',
          load: async () => ({ Component: () => <SectionTabs section="flight" user={USERS.agent} /> }),
        },
      ],
    });
    const tabs = within(await screen.findByRole('navigation', { name: 'Flights' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Flights']);
  });
});
