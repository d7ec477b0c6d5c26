import type { NotificationStore } from '@flybook/ui';
import type { NotificationProvider } from '@refinedev/core';

/** Refine's notifications shown in our region; Refine's "progress" (undo countdown) shows as info. */
export function createNotificationProvider(store: NotificationStore): NotificationProvider {
  return {
    open: ({ key, message, description, type }) => {
      store.notify({
        kind: type === 'error' ? 'error' : type === 'success' ? 'success' : 'info',
        message,
        ...(description ? { description } : {}),
        ...(key ? { key } : {}),
      });
    },
    close: (key) => store.dismiss(key),
  };
}
