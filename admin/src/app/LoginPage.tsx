import { hasAdminSiteAccess } from '@flybook/domain';
import { LoginBody } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { type RefineError, useLogin } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { LoginValues } from './auth-provider.ts';
import { useServices } from './context.tsx';
import { isHttpError, NETWORK_STATUS } from './errors.ts';
import { FormField } from './FormField.tsx';
import { schemaResolver } from './forms.ts';
import { AuthCard } from './frames.tsx';
import { usePageTitle } from './page-title.ts';
import { DEFAULT_ADMIN_PATH, DENY_PAGE_PATH, returnPathFrom } from './paths.ts';
import { RecoverPasswordDialog } from './RecoverPasswordDialog.tsx';
import { useCurrentUser } from './use-current-user.ts';

/**
 * The back-office login (spec 01 §2, §4). Once a user is known the page redirects by itself: back to
 * where the guard sent them from (`?to=/admin/…`), else to the page they saw last, else to the
 * reservation list; customers to the deny page. So a fresh login and a logged-in user opening
 * /login take the same path.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { translateError, lastAdminPath } = useServices();
  const current = useCurrentUser();
  const [searchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  usePageTitle(t('auth.login.title'));

  const form = useForm<LoginValues>({
    resolver: schemaResolver(LoginBody, translateError),
    defaultValues: { login: '', password: '' },
  });

  const showError = (error: RefineError | Error | undefined) => {
    if (!isHttpError(error)) {
      setFormError(t('errors.generic'));
      return;
    }
    if (error.statusCode === 401) {
      setFormError(t('errors.ERROR_BAD_CREDENTIALS'));
      return;
    }
    if (error.statusCode === NETWORK_STATUS) return; // already warned by the client
    let onField = false;
    for (const [field, message] of Object.entries(error.errors ?? {})) {
      if ((field === 'login' || field === 'password') && typeof message === 'string') {
        form.setError(field, { message });
        onField = true;
      }
    }
    if (!onField) setFormError(error.message);
  };

  // Refine's own success handling would follow `?to=` without the /admin base and pop a generic
  // notification; the redirect below and the inline message replace both.
  const { mutate: login, isPending } = useLogin<LoginValues>({
    mutationOptions: {
      onSuccess: (result) => {
        if (!result.success) showError(result.error);
      },
      onError: (error) => showError(error),
    },
  });

  if (current.user) {
    if (!hasAdminSiteAccess(current.user)) return <Navigate to={DENY_PAGE_PATH} replace />;
    const target = returnPathFrom(searchParams.get('to')) ?? lastAdminPath.current ?? DEFAULT_ADMIN_PATH;
    return <Navigate to={target} replace />;
  }

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    login(values);
  });

  return (
    <AuthCard titleId="login-title" title={t('auth.login.title')} intro={t('auth.login.intro')}>
      {formError ? (
        <div className="form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <form noValidate onSubmit={submit} aria-labelledby="login-title">
        <FormField
          control={form.control}
          name="login"
          label={t('auth.login.email')}
          isRequired
          // type=email would trim spaces away; the spec wants "only spaces" reported as such
          type="text"
          inputMode="email"
          autoComplete="username"
          autoFocus
        />
        <FormField
          password
          control={form.control}
          name="password"
          label={t('auth.login.password')}
          isRequired
        />
        <Button
          type="submit"
          className="auth-card__submit"
          isPending={isPending || current.status === 'loading'}
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <div className="auth-card__footer">
        <Button variant="link" onPress={() => setRecoveryOpen(true)}>
          {t('auth.login.forgotPassword')}
        </Button>
      </div>
      <RecoverPasswordDialog
        isOpen={recoveryOpen}
        onOpenChange={setRecoveryOpen}
        initialEmail={form.getValues('login').trim()}
      />
    </AuthCard>
  );
}
