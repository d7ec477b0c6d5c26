import { authCalls, RecoverPasswordBody } from '@flybook/schemas';
import { Button, Dialog } from '@flybook/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from './context.tsx';
import { NETWORK_STATUS, toHttpError } from './errors.ts';
import { FormField } from './FormField.tsx';
import { schemaResolver } from './forms.ts';
import { useLocale } from './layout-parts.tsx';

interface RecoveryValues {
  email: string;
}

/**
 * The recovery popup (spec 01 §4): an e-mail goes to `auth/recover-password/{locale}`, so the link
 * arrives in the language the user reads now. An unknown e-mail is reported on the field.
 */
export function RecoverPasswordDialog({
  isOpen,
  onOpenChange,
  initialEmail,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  initialEmail: string;
}) {
  const { t } = useTranslation();
  const { client, translateError } = useServices();
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RecoveryValues>({
    resolver: schemaResolver(RecoverPasswordBody, translateError),
    defaultValues: { email: '' },
  });
  const { reset } = form;

  // Every opening starts over, with what the user typed as login as a head start.
  useEffect(() => {
    if (!isOpen) return;
    setSent(false);
    setFormError(null);
    reset({ email: initialEmail });
  }, [isOpen, initialEmail, reset]);

  const recover = useMutation({
    mutationFn: (email: string) =>
      client.call(authCalls.recoverPassword, { params: { locale }, body: { email } }),
    onSuccess: () => setSent(true),
    onError: (error) => {
      const httpError = toHttpError(error, translateError);
      if (httpError.statusCode === NETWORK_STATUS) return; // already warned
      const fieldMessage = httpError.errors?.email;
      if (typeof fieldMessage === 'string') form.setError('email', { message: fieldMessage });
      else if (httpError.code === 'ERROR_USER_NOT_REGISTERED')
        form.setError('email', { message: httpError.message });
      else setFormError(httpError.message);
    },
  });

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    recover.mutate(values.email);
  });

  return (
    <Dialog
      title={t('auth.recovery.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('common.close')}
    >
      {sent ? (
        <div className="recovery-sent">
          <p className="form-success" role="status">
            {t('auth.recovery.success')}
          </p>
          <Button onPress={() => onOpenChange(false)}>{t('common.close')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <p className="dialog-intro">{t('auth.recovery.intro')}</p>
          {formError ? (
            <div className="form-error" role="alert">
              {formError}
            </div>
          ) : null}
          <FormField
            control={form.control}
            name="email"
            label={t('auth.recovery.email')}
            isRequired
            type="text"
            inputMode="email"
            autoComplete="email"
            autoFocus
          />
          <div className="dialog-actions">
            <Button variant="secondary" onPress={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" isPending={recover.isPending}>
              {t('auth.recovery.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
