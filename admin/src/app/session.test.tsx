import { userCalls } from '@flybook/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenOf } from '../test/fake-api.ts';
import { MemoryStorage } from '../test/memory-storage.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { createSessionStore, SESSION_STORAGE_KEY } from './session.ts';

describe('session expiry (401)', () => {
  it('clears a token the server no longer accepts on start, warns, and shows login', async () => {
    const app = renderAdmin({ token: 'stale-token', url: '/admin/reservation/list' });
    expect(await screen.findByText('The session has expired. Login again.')).toBeTruthy();
    expect(screen.getByText('Warning')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/login?to=/admin/reservation/list'));
    expect(app.storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ends the session when any later call answers 401', async () => {
    const app = renderAdmin({ as: 'admin', url: '/admin/flight/list' });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    app.api.expire(tokenOf('admin'));
    await act(async () => {
      await expect(app.services.client.call(userCalls.me)).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The session has expired. Login again.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/login?to=/admin/flight/list'));
    expect(app.storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('does not treat a refused login as an expired session', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.type(await screen.findByLabelText(/E-mail/), 'admin@flybook.test');
    await app.user.type(screen.getByLabelText(/Password/), 'nope');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a correct email and password.')).toBeTruthy();
    expect(screen.queryByText('The session has expired. Login again.')).toBeNull();
  });

  it('tells Refine to log out on a 401 and only then', async () => {
    const app = renderAdmin({ as: 'admin' });
    expect(await app.services.authProvider.onError({ statusCode: 401, message: 'x' })).toEqual({
      logout: true,
    });
    expect(await app.services.authProvider.onError({ statusCode: 403, message: 'x' })).toEqual({});
  });
});

describe('logout', () => {
  it('ends the session on the server and here, and shows the login page', async () => {
    const app = renderAdmin({ as: 'manager', url: '/admin/reservation/list' });
    await app.user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(app.location()).toBe('/login');
    expect(app.storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(app.api.requests.some((r) => r.method === 'DELETE' && r.path === 'auth/token')).toBe(true);
    expect(screen.queryByText('The session has expired. Login again.')).toBeNull();
  });
});

describe('session store', () => {
  it('persists only { token } under the versioned key and ignores foreign values', () => {
    const storage = new MemoryStorage();
    const session = createSessionStore(storage);
    session.setToken('abc');
    expect(storage.getItem('flybook.session.v0.1')).toBe('{"token":"abc"}');
    expect(createSessionStore(storage).getToken()).toBe('abc');
    storage.setItem(SESSION_STORAGE_KEY, '{"token":"abc","loading":true}');
    expect(createSessionStore(storage).getToken()).toBe('abc');
    storage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(createSessionStore(storage).getToken()).toBeNull();
  });

  it('tells expiry listeners once, however many calls fail together', () => {
    const session = createSessionStore(new MemoryStorage());
    session.setToken('abc');
    let told = 0;
    session.onExpired(() => {
      told += 1;
    });
    expect(session.expire()).toBe(true);
    expect(session.expire()).toBe(false);
    expect(told).toBe(1);
  });
});
