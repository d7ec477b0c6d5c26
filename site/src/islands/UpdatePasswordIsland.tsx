import { ApiRequestError } from '@flybook/client';
import { passwordProblem } from '@flybook/domain/passwords';
import type { Locale } from '@flybook/locales';
import { authCalls } from '@flybook/schemas/auth';
import { type FormEvent, useState } from 'react';
import { problemsOfResponse, problemText } from '../lib/person-form.ts';
import { client } from '../lib/session.ts';

/** The texts of the page and where they are in the catalogue (shared with the back office's page). */
export const UPDATE_PASSWORD_TEXTS = {
  title: 'auth.updatePassword.title',
  intro: 'auth.updatePassword.intro',
  password: 'auth.updatePassword.password',
  passwordConfirm: 'auth.updatePassword.passwordConfirm',
  submit: 'auth.updatePassword.submit',
  success: 'auth.updatePassword.success',
  notEqual: 'errors.ERROR_NOT_EQUAL_PASSWORD',
  notBlank: 'errors.ERROR_NOT_BLANK',
  passwordIsEmail: 'errors.ERROR_PASSWORD_IS_EMAIL',
  passwordTooCommon: 'errors.ERROR_PASSWORD_TOO_COMMON',
  invalidLink: 'errors.ERROR_RECOVERY_TOKEN_INVALID',
  requestNewLink: 'auth.updatePassword.requestNewLink',
  toLogin: 'site.login',
  toBackOffice: 'site.updatePassword.toBackOffice',
  issue: 'site.account.issue',
} as const;
export type UpdatePasswordTexts = Record<keyof typeof UPDATE_PASSWORD_TEXTS, string> & {
  /** "At least 8 characters." (PASSWORD_MIN_LENGTH, filled when the page is built). */
  passwordHint: string;
};

type State = { kind: 'form' } | { kind: 'done' } | { kind: 'invalidLink' } | { kind: 'failed' };

/**
 * The page a recovery e-mail links to (spec 01 §4): a new password twice for the token in the
 * address. The link works once; an expired or used one offers a new link.
 */
export default function UpdatePasswordIsland({
  texts,
  locale,
  loginPath,
}: {
  texts: UpdatePasswordTexts;
  locale: Locale;
  loginPath: string;
}) {
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; passwordConfirm?: string }>({});
  const [state, setState] = useState<State>({ kind: 'form' });
  const [busy, setBusy] = useState(false);

  const hint = texts.passwordHint;
  // The password rule's refusals, worded (the server adds the list of common passwords).
  const ruleTexts: Record<string, string> = {
    ERROR_NOT_BLANK: texts.notBlank,
    ERROR_MIN_LENGTH: hint,
    ERROR_PASSWORD_IS_EMAIL: texts.passwordIsEmail,
    ERROR_PASSWORD_TOO_COMMON: texts.passwordTooCommon,
    ERROR_VALIDATION: texts.issue,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = passwordProblem(password);
    const found = {
      ...(refused ? { password: problemText(refused, ruleTexts) } : {}),
      ...(password !== passwordConfirm ? { passwordConfirm: texts.notEqual } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const recoveryToken = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');
    setBusy(true);
    try {
      await client.call(authCalls.updatePassword, {
        params: { locale },
        body: { recoveryToken, password, passwordConfirm },
      });
      setState({ kind: 'done' });
    } catch (failure) {
      const refusedByServer =
        failure instanceof ApiRequestError && failure.status === 422 && failure.body
          ? problemsOfResponse(failure.body.errors).password
          : undefined;
      if (refusedByServer) {
        // The link is still good: only the password was refused.
        setErrors({ password: problemText(refusedByServer, ruleTexts) });
        setState({ kind: 'form' });
      } else {
        setState({
          kind: failure instanceof ApiRequestError && failure.status === 422 ? 'invalidLink' : 'failed',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'done')
    return (
      <div className="auth-card">
        <h1>{texts.title}</h1>
        <p className="form-success" role="status">
          {texts.success}
        </p>
        <p className="hero-actions">
          <a className="button button-primary" href={loginPath}>
            {texts.toLogin}
          </a>
          <a className="button button-light-outline" href="/admin/login">
            {texts.toBackOffice}
          </a>
        </p>
      </div>
    );

  const field = (
    name: 'password' | 'passwordConfirm',
    label: string,
    value: string,
    onChange: (value: string) => void,
    hint?: string,
  ) => (
    <div className="site-field">
      <label htmlFor={`new-${name}`}>{label}</label>
      <input
        id={`new-${name}`}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${name}-note`}
      />
      <span id={`${name}-note`} className={errors[name] ? 'field-error' : 'field-hint'}>
        {errors[name] ?? hint}
      </span>
    </div>
  );

  return (
    <div className="auth-card">
      <h1>{texts.title}</h1>
      <p>{texts.intro}</p>
      {state.kind === 'invalidLink' && (
        <div className="form-error" role="alert">
          <p>{texts.invalidLink}</p>
          <a className="button button-light-outline" href={`${loginPath}?recover=1`}>
            {texts.requestNewLink}
          </a>
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {texts.issue}
        </p>
      )}
      <form className="site-form" onSubmit={submit} noValidate>
        {field('password', texts.password, password, setPassword, hint)}
        {field('passwordConfirm', texts.passwordConfirm, passwordConfirm, setPasswordConfirm)}
        <button className="button button-primary" type="submit" disabled={busy}>
          {texts.submit}
        </button>
      </form>
    </div>
  );
}
