import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { LOCALE_STORAGE_KEY } from './i18n.ts';
import { SESSION_STORAGE_KEY } from './session.ts';

const TOKEN = 'recovery-token-1';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const isUpdate = (request: FakeRequest) => request.path.startsWith('auth/update-password/');

/** The page over a fake API whose update-password call answers with `answer`. */
function openPage(answer: () => Response, options: { url?: string; as?: 'manager' } = {}) {
  return renderAdmin({
    url: options.url ?? `/admin/updatePassword/${TOKEN}`,
    ...(options.as ? { as: options.as } : {}),
    handle: (request) => (request.method === 'POST' && isUpdate(request) ? answer() : undefined),
  });
}

async function fillIn(app: ReturnType<typeof renderAdmin>, password: string, repeat: string) {
  await app.user.type(await screen.findByLabelText(/^New password/), password);
  await app.user.type(screen.getByLabelText(/^Repeat new password/), repeat);
  await app.user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('update password page', () => {
  it('blocks a repeat that differs from the password without calling the API', async () => {
    const app = openPage(() => new Response(null, { status: 204 }));
    await fillIn(app, 'new-secret-1', 'new-secret-2');
    expect(await screen.findByText('Should be equal to password')).toBeTruthy();
    expect(screen.getByLabelText(/^Repeat new password/).getAttribute('aria-invalid')).toBe('true');
    expect(app.api.requests.some(isUpdate)).toBe(false);
  });

  it('asks for both fields and at least 8 characters before calling the API', async () => {
    const app = openPage(() => new Response(null, { status: 204 }));
    await app.user.click(await screen.findByRole('button', { name: 'Save password' }));
    expect(await screen.findAllByText('This value is required.')).toHaveLength(2);
    await fillIn(app, 'short', 'short');
    expect(await screen.findByText('Should be at least 8 characters long.')).toBeTruthy();
    expect(app.api.requests.some(isUpdate)).toBe(false);
  });

  it('sets the new password, then shows the login page with a notice', async () => {
    const app = openPage(() => new Response(null, { status: 204 }));
    await fillIn(app, 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(
      await screen.findByText('Your password has been changed. Please log in with the new password.'),
    ).toBeTruthy();
    const call = app.api.requests.find(isUpdate);
    expect(call?.path).toBe('auth/update-password/en');
    expect(call?.body).toEqual({
      recoveryToken: TOKEN,
      password: 'new-secret-1',
      passwordConfirm: 'new-secret-1',
    });
  });

  it('tells an expired or used link apart and offers a new one through the recovery popup', async () => {
    const app = openPage(() =>
      json(
        {
          errors: [
            {
              code: 'ERROR_RECOVERY_TOKEN_INVALID',
              message: 'Recovery token expired or invalid.',
              field: 'recoveryToken',
            },
          ],
        },
        422,
      ),
    );
    await fillIn(app, 'new-secret-1', 'new-secret-1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Recovery token expired or invalid.')).toBeTruthy();
    expect(app.location()).toBe(`/updatePassword/${TOKEN}`);
    await app.user.click(within(alert).getByRole('button', { name: 'Request a new link' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(dialog.getByLabelText(/E-mail/)).toBeTruthy();
  });

  it('shows a field error of the server under its field', async () => {
    const app = openPage(() =>
      json(
        {
          errors: [
            {
              code: 'ERROR_NOT_EQUAL_PASSWORD',
              message: 'Should be equal to password',
              field: 'passwordConfirm',
            },
          ],
        },
        422,
      ),
    );
    await fillIn(app, 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText('Should be equal to password')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a password of spaces only before calling the API', async () => {
    const app = openPage(() => new Response(null, { status: 204 }));
    await fillIn(app, '          ', '          ');
    expect(await screen.findByText('Value should not be empty string.')).toBeTruthy();
    expect(app.api.requests.some(isUpdate)).toBe(false);
  });

  it("shows the server's password rule in the page's language under the password, keeping the link", async () => {
    const app = openPage(
      () =>
        json(
          {
            errors: [
              {
                code: 'ERROR_PASSWORD_TOO_COMMON',
                message: 'This password is too common. Please choose another one.',
                field: 'password',
              },
            ],
          },
          422,
        ),
      { url: `/admin/updatePassword/${TOKEN}?lang=de` },
    );
    expect(await screen.findByRole('heading', { name: 'Neues Passwort festlegen' })).toBeTruthy();
    await app.user.type(screen.getByLabelText(/^Neues Passwort \*$/), 'Password1');
    await app.user.type(screen.getByLabelText(/^Neues Passwort wiederholen/), 'Password1');
    await app.user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Neues Passwort \*$/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.location()).toBe(`/updatePassword/${TOKEN}`);
  });

  it('speaks the language of the link (?lang=de), remembers it and sends it along', async () => {
    const app = openPage(() => new Response(null, { status: 204 }), {
      url: `/admin/updatePassword/${TOKEN}?lang=de`,
    });
    expect(await screen.findByRole('heading', { name: 'Neues Passwort festlegen' })).toBeTruthy();
    expect(app.storage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    await waitFor(() => expect(app.location()).toBe(`/updatePassword/${TOKEN}`));
    await app.user.type(screen.getByLabelText(/^Neues Passwort \*$/), 'neues-geheimnis');
    await app.user.type(screen.getByLabelText(/^Neues Passwort wiederholen/), 'neues-geheimnis');
    await app.user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.api.requests.find(isUpdate)?.path).toBe('auth/update-password/de');
    expect(
      await screen.findByText(
        'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
      ),
    ).toBeTruthy();
  });

  it('opens for a logged-in user too, outside the role guard, and ends that session on success', async () => {
    const app = openPage(() => new Response(null, { status: 204 }), { as: 'manager' });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(app.location()).toBe(`/updatePassword/${TOKEN}`);
    await fillIn(app, 'new-secret-1', 'new-secret-1');
    // the server has ended the account's sessions: the login form shows, not the reservation list
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(app.location()).toBe('/login');
    expect(app.storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
