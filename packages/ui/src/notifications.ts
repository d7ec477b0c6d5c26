import { useSyncExternalStore } from 'react';

/** How long a notice stays on screen (spec 01 §9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationKind = 'error' | 'info' | 'warning' | 'success';

export interface Notice {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly message: string;
  readonly description?: string;
}

export interface NotifyInput {
  kind: NotificationKind;
  message: string;
  description?: string;
  /**
   * A stable key: notifying again with the same key replaces the shown notice and restarts its
   * timer instead of stacking duplicates (e.g. ten failed calls after a session expired).
   */
  key?: string;
}

export interface NotificationStore {
  notify(input: NotifyInput): string;
  dismiss(id: string): void;
  clear(): void;
  getSnapshot(): readonly Notice[];
  subscribe(listener: () => void): () => void;
}

/**
 * A tiny store of the notices on screen. Each notice removes itself after the timeout; the store
 * owns the timers so the region component stays a pure view and tests can drive time with fake
 * timers.
 */
export function createNotificationStore(options: { timeout?: number } = {}): NotificationStore {
  const timeout = options.timeout ?? NOTIFICATION_TIMEOUT_MS;
  let notices: readonly Notice[] = [];
  let counter = 0;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const dismiss = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!notices.some((notice) => notice.id === id)) return;
    notices = notices.filter((notice) => notice.id !== id);
    emit();
  };

  return {
    notify(input) {
      counter += 1;
      const id = input.key ?? `notice-${counter}`;
      const notice: Notice = {
        id,
        kind: input.kind,
        message: input.message,
        ...(input.description ? { description: input.description } : {}),
      };
      const existing = timers.get(id);
      if (existing !== undefined) clearTimeout(existing);
      notices = [...notices.filter((other) => other.id !== id), notice];
      timers.set(
        id,
        setTimeout(() => dismiss(id), timeout),
      );
      emit();
      return id;
    },
    dismiss,
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      notices = [];
      emit();
    },
    getSnapshot: () => notices,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The notices currently shown, re-rendering on every change. */
export function useNotifications(store: NotificationStore): readonly Notice[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
