import { Button } from '@flybook/ui';
import type { HttpError } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from './context.tsx';
import { statusOf, toHttpError } from './errors.ts';
import { MessagePage } from './frames.tsx';
import { loadFailureMessage } from './notices.ts';
import { usePageTitle } from './page-title.ts';

/** The answer said the record is not there (404). */
export const isNotFound = (error: unknown) => statusOf(error) === 404;

/** What a record page has for an address that cannot name a record at all (`/reservation/abc/payment`). */
export const notFoundError: HttpError = { statusCode: 404, message: 'Not found.', code: 'ERROR_NOT_FOUND' };

/** The failure of a load in the interface language: the code's own text, else "Unknown Error." with the server's. */
export function useLoadFailureMessage(error: unknown): string {
  const { t, i18n } = useTranslation();
  const { translateError } = useServices();
  return loadFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
}

/**
 * What a screen shows in place of data it could not load (docs/decisions.md "Failure states"):
 * what failed, the server's message, and Retry. Never the empty state: an empty list says nothing
 * matched, which a failed call does not know.
 */
export function LoadFailure({
  error,
  title,
  onRetry,
  isRetrying = false,
  children,
}: {
  error: unknown;
  /** What could not be loaded ("The list could not be loaded."). */
  title?: string;
  onRetry: () => unknown;
  isRetrying?: boolean;
  /** Another way on beside Retry (e.g. back to the list). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const message = useLoadFailureMessage(error);
  return (
    <div className="load-failure">
      <div role="alert">
        <p className="load-failure__title">{title ?? t('common.loadFailed')}</p>
        <p className="load-failure__message">{message}</p>
      </div>
      <div className="load-failure__actions">
        <Button variant="secondary" isDisabled={isRetrying} onPress={() => void onRetry()}>
          {isRetrying ? t('common.loading') : t('common.retry')}
        </Button>
        {children}
      </div>
    </div>
  );
}

/**
 * A record page opened for a record that does not exist (404, or an address that names none):
 * Not Found with what was looked for and the way back, instead of the page's form. Under the
 * page's own header (`level` 2) its back link is the way back.
 */
export function RecordNotFound({
  text,
  back,
  level = 1,
}: {
  text: string;
  back?: { to: string; label: string };
  level?: 1 | 2;
}) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <MessagePage
      code={404}
      titleId="record-not-found-title"
      title={t('notFound.title')}
      text={text}
      level={level}
    >
      {back ? (
        <Link className="message-page__link" to={back.to}>
          {back.label}
        </Link>
      ) : null}
    </MessagePage>
  );
}
