import { adminPath } from '@flybook/domain';
import type { Option } from '@flybook/schemas';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormField } from '../app/FormField.tsx';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormActions, FormCard, FormPlaceholder, FormSection } from '../app/form/FormLayout.tsx';
import { SelectField } from '../app/form/SelectField.tsx';
import { TextAreaField } from '../app/form/TextAreaField.tsx';
import { useRecordForm } from '../app/form/use-record-form.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { type OptionFormMode, optionFieldOf, optionFormSchema, optionFormValues } from './option-form.ts';
import { useOptionTypes } from './option-types.ts';
import { OPTIONS } from './rate-resources.ts';

/** Each language's section is named in that language, as in a language switch. */
const LANGUAGE_SECTIONS = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'sq', name: 'Shqip' },
] as const;

function OptionFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRouteAccess();
  const titleId = useId();
  const { types, error: typesError, retry: retryTypes } = useOptionTypes();
  const mode: OptionFormMode = id === undefined ? 'create' : 'edit';
  const listPath = adminPath('optionList');
  const schema = useMemo(() => optionFormSchema(mode), [mode]);
  const { form, onSubmit, isReady, isSaving, loadError, retryLoad, isRetrying } = useRecordForm<
    Option,
    typeof schema
  >({
    resource: OPTIONS,
    action: mode,
    ...(id === undefined ? {} : { id }),
    schema,
    values: optionFormValues,
    lookupsReady: types !== undefined,
    lookupError: typesError,
    retryLookups: retryTypes,
    fieldOf: optionFieldOf,
    listPath,
  });
  const title = t(mode === 'create' ? 'rates.options.newTitle' : 'rates.options.editTitle');
  const typeOptions = (types ?? []).map((type) => ({
    value: String(type.id),
    label: type.name[locale] || type.code,
  }));

  return (
    <>
      <SectionTabs section="rate" user={user} />
      <PageHeader title={title} titleId={titleId} back={{ to: listPath, label: t('rates.options.back') }} />
      {isReady ? (
        <FormCard labelledBy={titleId} onSubmit={onSubmit} wide>
          <div className="form-grid">
            <FormField
              control={form.control}
              name="code"
              className="field--code"
              label={t('rates.options.fields.code')}
              description={t('rates.options.fields.codeHint')}
              isRequired
              autoComplete="off"
            />
            <SelectField
              control={form.control}
              name="typeId"
              label={t('rates.options.fields.type')}
              placeholder={t('form.choose')}
              options={typeOptions}
              isRequired={mode === 'create'}
              isDisabled={mode === 'edit'}
              {...(mode === 'edit' ? { description: t('rates.options.fields.typeFixed') } : {})}
            />
            <FormField
              control={form.control}
              name="price"
              className="field--short"
              label={`${t('rates.options.fields.price')} (CHF)`}
              description={t('rates.options.fields.priceHint')}
              isRequired
              inputMode="decimal"
              autoComplete="off"
            />
          </div>
          <CheckboxField control={form.control} name="isActive" label={t('form.active')} />
          <div className="language-sections">
            {LANGUAGE_SECTIONS.map((section) => (
              <FormSection key={section.locale} title={section.name}>
                <FormField
                  control={form.control}
                  name={`title.${section.locale}`}
                  label={t('rates.options.fields.title')}
                  isRequired
                />
                <TextAreaField
                  control={form.control}
                  name={`description.${section.locale}`}
                  label={t('rates.options.fields.description')}
                  maxLength={1000}
                />
              </FormSection>
            ))}
          </div>
          <FormActions isSaving={isSaving} cancelTo={listPath} />
        </FormCard>
      ) : (
        <FormPlaceholder error={loadError} onRetry={retryLoad} isRetrying={isRetrying} />
      )}
    </>
  );
}

/** New option (spec 03 §2). */
export function OptionNewPage() {
  return <OptionFormPage />;
}

/** Edit option, by the route's optionId; its type stays as it is (spec 03 §3). */
export function OptionEditPage() {
  const { optionId } = useParams();
  return <OptionFormPage key={optionId} id={optionId ?? ''} />;
}
