import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AdminProviders } from './context.tsx';
import { ADMIN_BASE } from './paths.ts';
import { createAdminRoutes } from './routes.tsx';
import type { AdminServices } from './services.ts';

/** The back office as served under /admin. */
export function AdminApp({ services }: { services: AdminServices }) {
  const [router] = useState(() => createBrowserRouter(createAdminRoutes(), { basename: ADMIN_BASE }));
  return (
    <AdminProviders services={services}>
      <RouterProvider router={router} />
    </AdminProviders>
  );
}
