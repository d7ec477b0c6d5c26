import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminProviders } from '../app/context.tsx';
import { detectStartLocale } from '../app/i18n.ts';
import { ADMIN_BASE } from '../app/paths.ts';
import { type AreaRoute, createAdminRoutes } from '../app/routes.tsx';
import { createAdminServices } from '../app/services.ts';
import { SESSION_STORAGE_KEY } from '../app/session.ts';
import { ALL_CATALOGUES } from './catalogues.ts';
import { createFakeApi, type DemoUser, type FakeApiOptions, tokenOf } from './fake-api.ts';
import { MemoryStorage } from './memory-storage.ts';

export interface RenderAdminOptions extends FakeApiOptions {
  /** The address opened, with the /admin base, e.g. '/admin/flight/list'. */
  url?: string;
  /** Start logged in as this demo user (its token is in storage). */
  as?: DemoUser;
  /** Start with this raw token in storage (e.g. one the server has expired). */
  token?: string;
  storage?: Storage;
  languages?: readonly string[];
  areaRoutes?: readonly AreaRoute[];
}

/** The whole back office in a memory router over a fake API, as a user would open it. */
export function renderAdmin(options: RenderAdminOptions = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const token = options.token ?? (options.as ? tokenOf(options.as) : undefined);
  if (token) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token }));
  const api = createFakeApi(options);
  const languages = options.languages ?? ['en-US'];
  // Only the start language, as in the browser: a switch loads the next one's chunk.
  const locale = detectStartLocale(storage, languages);
  const services = createAdminServices({
    fetch: api.fetch,
    storage,
    languages,
    catalogues: { [locale]: ALL_CATALOGUES[locale] },
  });
  const router = createMemoryRouter(createAdminRoutes(options.areaRoutes ?? []), {
    basename: ADMIN_BASE,
    initialEntries: [options.url ?? `${ADMIN_BASE}/`],
  });
  const user = userEvent.setup();
  const view = render(
    <AdminProviders services={services}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  /** Where the app is now, without the base, with the query: '/login?to=/admin/flight/list'. */
  const location = () => {
    const { pathname, search } = router.state.location;
    return `${pathname.startsWith(ADMIN_BASE) ? pathname.slice(ADMIN_BASE.length) || '/' : pathname}${search}`;
  };
  return { ...view, api, services, router, storage, user, location };
}
