import type { AreaRoute } from '../app/routes.tsx';

/** The users section's pages (managers, agents, customers); each loads on first visit. */
export const USER_ROUTES: readonly AreaRoute[] = [
  {
    name: 'managerList',
    load: () => import('./UserListPage.tsx').then((m) => ({ Component: m.ManagerListPage })),
  },
  {
    name: 'managerNew',
    load: () => import('./ManagerForm.tsx').then((m) => ({ Component: m.ManagerNewPage })),
  },
  {
    name: 'managerEdit',
    load: () => import('./ManagerForm.tsx').then((m) => ({ Component: m.ManagerEditPage })),
  },
  {
    name: 'agentList',
    load: () => import('./UserListPage.tsx').then((m) => ({ Component: m.AgentListPage })),
  },
  { name: 'agentNew', load: () => import('./AgentForm.tsx').then((m) => ({ Component: m.AgentNewPage })) },
  { name: 'agentEdit', load: () => import('./AgentForm.tsx').then((m) => ({ Component: m.AgentEditPage })) },
  {
    name: 'customerList',
    load: () => import('./UserListPage.tsx').then((m) => ({ Component: m.CustomerListPage })),
  },
  {
    name: 'customerNew',
    load: () => import('./CustomerForm.tsx').then((m) => ({ Component: m.CustomerNewPage })),
  },
  {
    name: 'customerEdit',
    load: () => import('./CustomerForm.tsx').then((m) => ({ Component: m.CustomerEditPage })),
  },
];
