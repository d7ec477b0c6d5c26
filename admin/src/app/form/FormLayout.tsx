import './form.css';
import { Button } from '@flybook/ui';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotFound, LoadFailure, RecordNotFound } from '../LoadFailure.tsx';

/** The card an add or edit form sits in; `noValidate`: messages come from the shared schemas. */
export function FormCard({
  labelledBy,
  onSubmit,
  children,
  wide = false,
}: {
  labelledBy: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  /** For forms with a table (the rate's prices). */
  wide?: boolean;
}) {
  return (
    <form
      noValidate
      className={`form-card${wide ? ' form-card--wide' : ''}`}
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}

/** A titled group of fields inside a form card. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Save and cancel at the end of a form. */
export function FormActions({ isSaving, cancelTo }: { isSaving: boolean; cancelTo: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Link className="form-actions__cancel" to={cancelTo}>
        {t('common.cancel')}
      </Link>
      {/* Not isPending: react-aria then announces the button by its id, and once the page has moved
          on to the list that announcement points at nothing (an unnamed live-region image). */}
      <Button type="submit" isDisabled={isSaving}>
        {isSaving ? t('form.saving') : t('form.save')}
      </Button>
    </div>
  );
}

/**
 * What a form page shows instead of the form while its data loads, or when it failed to load: Not
 * Found for a record that is not there (404), else the failure with Retry (docs/decisions.md
 * "Failure states").
 */
export function FormPlaceholder({
  error,
  onRetry,
  isRetrying = false,
  notFoundText,
}: {
  error: unknown;
  onRetry: () => unknown;
  isRetrying?: boolean;
  /** What Not Found says ("Reservation 12 could not be found."); a general text by default. */
  notFoundText?: string;
}) {
  const { t } = useTranslation();
  if (error && isNotFound(error)) {
    return <RecordNotFound level={2} text={notFoundText ?? t('notFound.record')} />;
  }
  if (error) return <LoadFailure error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  return <FormLoading />;
}

/** A spinner and "Loading…" (or what is loading) while a form, a step or a dialog waits for data. */
export function FormLoading({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <p className="form-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text ?? t('common.loading')}
    </p>
  );
}
