import { passwordProblem } from '@flybook/domain';
import { isLocale } from '@flybook/locales';
import { authCalls, PASSWORD_MIN_LENGTH, passwordsMatch } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useServices } from './context.tsx';
import { NETWORK_STATUS, toHttpError } from './errors.ts';
import { FormField } from './FormField.tsx';
import { schemaResolver } from './forms.ts';
import { AuthCard } from './frames.tsx';
import { useLocale } from './layout-parts.tsx';
import { usePageTitle } from './page-title.ts';
import { LOGIN_PATH } from './paths.ts';
import { RecoverPasswordDialog } from './RecoverPasswordDialog.tsx';

const required = {
  message: 'This value is required.',
  params: { code: 'ERROR_REQUIRED' },
};

const notBlank = {
  message: 'Value should not be empty string.',
  params: { code: 'ERROR_NOT_BLANK' },
};

/**
 * The API's rules of `UpdatePasswordBody` for the two visible fields, checked before sending. An
 * empty field says "required" rather than "too short", and the repeat is compared even while the
 * password is still too short, so both messages show at once.
 */
const UpdatePasswordForm = z
  .object({
    password: z
      .string()
      .refine((value) => value !== '', required)
      .min(PASSWORD_MIN_LENGTH)
      .max(200)
      // The password rule of @flybook/domain as far as this page knows it (no e-mail here; the
      // server adds the e-mail and the list of common passwords).
      .refine((value) => passwordProblem(value)?.code !== 'ERROR_NOT_BLANK', notBlank),
    passwordConfirm: z.string().refine((value) => value !== '', required),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    ...passwordsMatch,
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'passwordConfirm'),
  });

type UpdatePasswordValues = z.infer<typeof UpdatePasswordForm>;

/**
 * Where the recovery e-mail's link lands (spec 01 §2, §4): open to everyone, logged in or not, outside
 * the role guard. Until the public site takes /updatePassword/:recoveryToken over, the server
 * redirects the link here, with `?lang=` from the e-mail's locale so the page speaks its language.
 * A used or expired token is told as such, with a way to ask for a new link.
 */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const { client, session, translateError, notifications, setLocale } = useServices();
  const locale = useLocale();
  const navigate = useNavigate();
  const { recoveryToken = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenInvalid, setTokenInvalid] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  usePageTitle(t('auth.updatePassword.title'));

  // The link's language wins once and is saved like a switch; the parameter then leaves the address,
  // so the language switch on this page is not undone by a reload.
  const lang = searchParams.get('lang');
  useEffect(() => {
    if (!isLocale(lang)) return;
    void setLocale(lang);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('lang');
        return next;
      },
      { replace: true },
    );
  }, [lang, setLocale, setSearchParams]);

  const form = useForm<UpdatePasswordValues>({
    resolver: schemaResolver(UpdatePasswordForm, translateError),
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const update = useMutation({
    mutationFn: (values: UpdatePasswordValues) =>
      client.call(authCalls.updatePassword, { params: { locale }, body: { recoveryToken, ...values } }),
    onSuccess: () => {
      // A new password ends the account's sessions on the server; a session open in this browser goes
      // too, so the login page shows its form instead of sending a logged-in user on.
      if (session.getToken() !== null) session.clear();
      notifications.notify({ kind: 'success', message: t('auth.updatePassword.success') });
      // replace: the used link should not come back with the browser's back button
      navigate(LOGIN_PATH, { replace: true });
    },
    onError: (error) => {
      const httpError = toHttpError(error, translateError);
      if (httpError.statusCode === NETWORK_STATUS) return; // already warned
      const errors = httpError.errors ?? {};
      // The token comes from the link; the user cannot fix it, only ask for a new one.
      if (httpError.code === 'ERROR_RECOVERY_TOKEN_INVALID' || errors.recoveryToken !== undefined) {
        setTokenInvalid(true);
        return;
      }
      let onField = false;
      for (const field of ['password', 'passwordConfirm'] as const) {
        const message = errors[field];
        const text = Array.isArray(message) ? message[0] : message;
        if (typeof text === 'string') {
          form.setError(field, { message: text });
          onField = true;
        }
      }
      if (!onField) setFormError(httpError.message);
    },
  });

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setTokenInvalid(false);
    update.mutate(values);
  });

  return (
    <AuthCard
      titleId="update-password-title"
      title={t('auth.updatePassword.title')}
      intro={t('auth.updatePassword.intro')}
    >
      {tokenInvalid ? (
        <div className="form-error form-error--with-action" role="alert">
          <p className="form-error__text">{t('errors.ERROR_RECOVERY_TOKEN_INVALID')}</p>
          <Button variant="secondary" onPress={() => setRecoveryOpen(true)}>
            {t('auth.updatePassword.requestNewLink')}
          </Button>
        </div>
      ) : null}
      {formError ? (
        <div className="form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <form noValidate onSubmit={submit} aria-labelledby="update-password-title">
        <FormField
          password
          control={form.control}
          name="password"
          label={t('auth.updatePassword.password')}
          description={t('auth.updatePassword.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          isRequired
          autoComplete="new-password"
          autoFocus
        />
        <FormField
          password
          control={form.control}
          name="passwordConfirm"
          label={t('auth.updatePassword.passwordConfirm')}
          isRequired
          autoComplete="new-password"
        />
        <Button type="submit" className="auth-card__submit" isPending={update.isPending}>
          {t('auth.updatePassword.submit')}
        </Button>
      </form>
      <div className="auth-card__footer">
        <Link to={LOGIN_PATH}>{t('auth.updatePassword.toLogin')}</Link>
      </div>
      <RecoverPasswordDialog isOpen={recoveryOpen} onOpenChange={setRecoveryOpen} initialEmail="" />
    </AuthCard>
  );
}
