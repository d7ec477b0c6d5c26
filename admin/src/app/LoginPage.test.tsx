import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, tokenOf } from '../test/fake-api.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { SESSION_STORAGE_KEY } from './session.ts';

describe('login page', () => {
  it('asks for both fields before calling the API', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This value is required.')).toHaveLength(2);
    expect(app.api.requests.some((request) => request.path === 'auth/token')).toBe(false);
  });

  it('reports a field of only spaces with the schema message', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.type(await screen.findByLabelText(/E-mail/), '   ');
    await app.user.type(screen.getByLabelText(/Password/), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Value should not be empty string.')).toBeTruthy();
  });

  it('shows the bad-credentials message when the server refuses', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.type(await screen.findByLabelText(/E-mail/), 'admin@flybook.test');
    await app.user.type(screen.getByLabelText(/Password/), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a correct email and password.');
    expect(app.storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('logs in, keeps only the token, and returns to the original location', async () => {
    const app = renderAdmin({ url: '/admin/flight/company/list' });
    await app.user.type(await screen.findByLabelText(/E-mail/), 'admin@flybook.test');
    await app.user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.location()).toBe('/flight/company/list'));
    expect(JSON.parse(app.storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: tokenOf('admin'),
    });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
  });

  it('goes to the reservation list when there is no original location', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.type(await screen.findByLabelText(/E-mail/), 'agent@flybook.test');
    await app.user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.location()).toBe('/reservation/list'));
  });

  it('ignores a ?to= that leaves the back office', async () => {
    const app = renderAdmin({ url: '/admin/login?to=https://evil.example/admin/x', as: 'admin' });
    await waitFor(() => expect(app.location()).toBe('/reservation/list'));
  });

  it('sends a logged-in back-office user who opens /login back to the original page', async () => {
    const app = renderAdmin({ url: '/admin/login?to=/admin/invoice/balance-log', as: 'manager' });
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log'));
  });

  it('sends a customer who logs in to the deny page', async () => {
    const app = renderAdmin({ url: '/admin/login' });
    await app.user.type(await screen.findByLabelText(/E-mail/), 'customer@flybook.test');
    await app.user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText("You don't have permissions for this page.")).toBeTruthy();
    expect(app.location()).toBe('/deny');
  });
});

describe('password recovery popup', () => {
  async function openRecovery() {
    const app = renderAdmin({ url: '/admin/login', languages: ['fr-CH'] });
    await app.user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    const dialog = within(await screen.findByRole('dialog'));
    return { app, dialog };
  }

  it('shows "User is not registered yet" on the e-mail field for an unknown address', async () => {
    const { app, dialog } = await openRecovery();
    await app.user.type(dialog.getByLabelText(/E-mail/), 'nobody@flybook.test');
    await app.user.click(dialog.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await dialog.findByText("L'utilisateur n'est pas encore enregistré")).toBeTruthy();
    expect(dialog.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the link in the current language and confirms', async () => {
    const { app, dialog } = await openRecovery();
    await app.user.type(dialog.getByLabelText(/E-mail/), 'agent@flybook.test');
    await app.user.click(dialog.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await dialog.findByText('Vous recevrez prochainement un lien de récupération.')).toBeTruthy();
    const call = app.api.requests.find((request) => request.path.startsWith('auth/recover-password/'));
    expect(call?.path).toBe('auth/recover-password/fr');
    expect(call?.body).toEqual({ email: 'agent@flybook.test' });
  });
});
