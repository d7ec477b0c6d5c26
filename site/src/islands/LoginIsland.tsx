import { ApiRequestError } from '@flybook/client';
import { hasAdminSiteAccess } from '@flybook/domain/permissions';
import type { Locale } from '@flybook/locales';
import { authCalls } from '@flybook/schemas/auth';
import { userCalls } from '@flybook/schemas/users';
import { Dialog } from '@flybook/ui';
import { type FormEvent, useEffect, useState } from 'react';
import '@flybook/ui/ui.css';
import { $session, client, sessionExpiredOnce } from '../lib/session.ts';

export interface LoginTexts {
  title: string;
  email: string;
  password: string;
  submit: string;
  forgotPassword: string;
  badCredentials: string;
  /** A field left empty or holding only spaces (spec 01 §5). */
  blank: string;
  /** Shown once when the server ended the visitor's session (spec 01 §4, §8). */
  expired: string;
  unknownError: string;
  close: string;
  recoveryTitle: string;
  recoveryIntro: string;
  recoverySubmit: string;
  recoverySuccess: string;
  notRegistered: string;
}

/** Where staff and agents work: the back office's reservation list (spec 01 §2). */
const BACK_OFFICE_START = '/admin/reservation/list';

/** Only paths of this site are followed after login; anything else goes to the account. */
const safeNext = (next: string | null, fallback: string) =>
  next?.startsWith('/') && !next.startsWith('//') ? next : fallback;

/**
 * The login popup (spec 01 §2, §4): e-mail and password, a forgot-password link that opens the
 * recovery popup. A logged-in visitor never sees it: they go on to where they were headed.
 */
export default function LoginIsland({
  texts,
  locale,
  accountPath,
}: {
  texts: LoginTexts;
  locale: Locale;
  accountPath: string;
}) {
  const [isOpen, setOpen] = useState(true);
  // The update-password page's "request a new link" comes here with ?recover=1.
  const [recoveryOpen, setRecoveryOpen] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('recover'),
  );
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired] = useState(() => typeof window !== 'undefined' && sessionExpiredOnce());
  const [blank, setBlank] = useState<{ login: boolean; password: boolean }>({
    login: false,
    password: false,
  });
  const [busy, setBusy] = useState(false);

  const next = () => safeNext(new URLSearchParams(window.location.search).get('next'), accountPath);

  useEffect(() => {
    if ($session.get()) window.location.replace(next());
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const empty = { login: login.trim() === '', password: password.trim() === '' };
    setBlank(empty);
    if (empty.login || empty.password) return;
    setBusy(true);
    try {
      const { token } = await client.call(authCalls.login, { body: { login, password } });
      $session.set({ token });
      // Staff and agents work in the back office: they go to its reservation list (spec 01 §2).
      const me = await client.call(userCalls.me, {});
      window.location.assign(hasAdminSiteAccess(me) ? BACK_OFFICE_START : next());
    } catch (failure) {
      setBusy(false);
      setError(
        failure instanceof ApiRequestError && failure.status === 401
          ? texts.badCredentials
          : texts.unknownError,
      );
    }
  }

  return (
    <>
      <Dialog title={texts.title} isOpen={isOpen} onOpenChange={setOpen} closeLabel={texts.close}>
        <form className="site-form" onSubmit={submit} noValidate>
          {expired && !error && (
            <p className="form-notice" role="status">
              {texts.expired}
            </p>
          )}
          <label>
            {texts.email}
            <input
              type="email"
              name="login"
              autoComplete="username"
              required
              aria-invalid={blank.login || undefined}
              aria-describedby={blank.login ? 'login-blank' : undefined}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
            />
            {blank.login && (
              <span className="field-error" id="login-blank">
                {texts.blank}
              </span>
            )}
          </label>
          <label>
            {texts.password}
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={blank.password || undefined}
              aria-describedby={blank.password ? 'password-blank' : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {blank.password && (
              <span className="field-error" id="password-blank">
                {texts.blank}
              </span>
            )}
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button className="button button-primary" type="submit" disabled={busy}>
            {texts.submit}
          </button>
          <button className="link-button" type="button" onClick={() => setRecoveryOpen(true)}>
            {texts.forgotPassword}
          </button>
        </form>
      </Dialog>
      <RecoveryDialog
        texts={texts}
        locale={locale}
        isOpen={recoveryOpen}
        onOpenChange={setRecoveryOpen}
        initialEmail={login}
      />
      {!isOpen && (
        <p className="status-page">
          <button className="button button-primary" type="button" onClick={() => setOpen(true)}>
            {texts.title}
          </button>
        </p>
      )}
    </>
  );
}

/** The recovery popup: the link is sent in the language the visitor reads now. */
function RecoveryDialog({
  texts,
  locale,
  isOpen,
  onOpenChange,
  initialEmail,
}: {
  texts: LoginTexts;
  locale: Locale;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setEmail(initialEmail);
    setSent(false);
    setError(null);
  }, [isOpen, initialEmail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await client.call(authCalls.recoverPassword, {
        params: { locale },
        body: { email },
      });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.status === 422
          ? texts.notRegistered
          : texts.unknownError,
      );
    }
  }

  return (
    <Dialog title={texts.recoveryTitle} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={texts.close}>
      {sent ? (
        <p className="form-success" role="status">
          {texts.recoverySuccess}
        </p>
      ) : (
        <form className="site-form" onSubmit={submit} noValidate>
          <p>{texts.recoveryIntro}</p>
          <label>
            {texts.email}
            <input
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button className="button button-primary" type="submit">
            {texts.recoverySubmit}
          </button>
        </form>
      )}
    </Dialog>
  );
}
