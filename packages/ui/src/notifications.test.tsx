import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationRegion } from './Notifications.tsx';
import { createNotificationStore, NOTIFICATION_TIMEOUT_MS } from './notifications.ts';

const TITLES = { error: 'Error', info: 'Info', warning: 'Warning', success: 'Success' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderRegion() {
  const store = createNotificationStore();
  render(<NotificationRegion store={store} titles={TITLES} label="Notifications" dismissLabel="Dismiss" />);
  return store;
}

describe('notifications', () => {
  it('disappear after 5000 ms', () => {
    const store = renderRegion();
    act(() => {
      store.notify({ kind: 'success', message: 'Created successfully' });
    });
    expect(screen.getByText('Created successfully')).toBeTruthy();
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Created successfully')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Created successfully')).toBeNull();
  });

  it('are titled by kind and announced as alert (error, warning) or status (info, success)', () => {
    const store = renderRegion();
    act(() => {
      store.notify({ kind: 'error', message: 'Broken' });
      store.notify({ kind: 'warning', message: 'Careful' });
      store.notify({ kind: 'info', message: 'FYI' });
      store.notify({ kind: 'success', message: 'Done', description: 'All saved' });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((notice) => notice.textContent)).toEqual([
      expect.stringContaining('ErrorBroken'),
      expect.stringContaining('WarningCareful'),
    ]);
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((notice) => notice.textContent)).toEqual([
      expect.stringContaining('InfoFYI'),
      expect.stringContaining('SuccessDoneAll saved'),
    ]);
  });

  it('replace a notice with the same key instead of stacking, restarting its timer', () => {
    const store = renderRegion();
    act(() => {
      store.notify({ kind: 'warning', message: 'Offline', key: 'network' });
      vi.advanceTimersByTime(3000);
      store.notify({ kind: 'warning', message: 'Offline', key: 'network' });
    });
    expect(screen.getAllByText('Offline')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Offline')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('can be dismissed before the timeout', () => {
    const store = renderRegion();
    act(() => {
      store.notify({ kind: 'info', message: 'Hello' });
    });
    act(() => {
      screen.getByRole('button', { name: 'Dismiss' }).click();
    });
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('live in a labelled region that exists before any notice', () => {
    renderRegion();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });
});
