import type { AreaRoute } from '../app/routes.tsx';

/** The messages page (a tab of the settings section, for admins); it loads on first visit. */
export const MESSAGE_ROUTES: readonly AreaRoute[] = [
  {
    name: 'messageList',
    load: () => import('./MessageListPage.tsx').then((m) => ({ Component: m.MessageListPage })),
  },
];
