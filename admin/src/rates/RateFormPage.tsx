import { adminPath } from '@flybook/domain';
import type { Rate, RateBody, Tariff } from '@flybook/schemas';
import { useId, useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormField } from '../app/FormField.tsx';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormActions, FormCard, FormPlaceholder, FormSection } from '../app/form/FormLayout.tsx';
import { useRecordForm } from '../app/form/use-record-form.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import {
  isTariffRequired,
  MONEY_FIELDS,
  PRICE_FIELDS,
  type PriceField,
  type RateFormMode,
  type RateFormValues,
  rateFieldOf,
  rateFormSchema,
  rateFormValues,
} from './rate-form.ts';
import { RATES } from './rate-resources.ts';
import { tariffName, useTariffs } from './tariffs.ts';

function usePriceLabels(): Record<PriceField, string> {
  const { t } = useTranslation();
  return {
    priceStandard: t('rates.fields.priceStandard'),
    priceRound: t('rates.fields.priceRound'),
    priceChildPercent: t('rates.fields.priceChildPercent'),
    priceInfantPercent: t('rates.fields.priceInfantPercent'),
    airportFee: t('rates.fields.airportFee'),
    fuelFee: t('rates.fields.fuelFee'),
  };
}

/** The price table: one row per tariff, one input per price field. */
function PriceTable({
  control,
  tariffs,
  mode,
}: {
  control: Control<RateFormValues, unknown, RateBody>;
  tariffs: readonly Tariff[];
  mode: RateFormMode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const labels = usePriceLabels();
  const unit = (field: PriceField) => (MONEY_FIELDS.includes(field) ? 'CHF' : '%');
  return (
    <div className="price-table-wrap">
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">{t('rates.fields.tariff')}</th>
            {PRICE_FIELDS.map((field) => (
              <th key={field} scope="col">
                {labels[field]} ({unit(field)})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tariffs.map((tariff, row) => {
            const name = tariffName(tariff, locale);
            const required = isTariffRequired(mode, tariff.id);
            return (
              <tr key={tariff.id}>
                <th scope="row">
                  {name}
                  {required ? (
                    <span className="price-table__required" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  ) : null}
                </th>
                {PRICE_FIELDS.map((field) => (
                  <td key={field}>
                    <FormField
                      control={control}
                      name={`prices.${row}.${field}`}
                      label={`${name}: ${labels[field]} (${unit(field)})`}
                      isRequired={required}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RateFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const titleId = useId();
  const { tariffs, error: tariffError, retry: retryTariffs } = useTariffs();
  const mode: RateFormMode = id === undefined ? 'create' : 'edit';
  const listPath = adminPath('rateList');
  const schema = useMemo(() => rateFormSchema(mode), [mode]);
  const fieldOf = useMemo(() => rateFieldOf((tariffs ?? []).map((tariff) => tariff.id)), [tariffs]);
  const { form, onSubmit, isReady, isSaving, loadError, retryLoad, isRetrying } = useRecordForm<
    Rate,
    typeof schema
  >({
    resource: RATES,
    action: mode,
    ...(id === undefined ? {} : { id }),
    schema,
    values: (rate) => rateFormValues(tariffs ?? [], rate),
    lookupsReady: tariffs !== undefined,
    lookupError: tariffError,
    retryLookups: retryTariffs,
    fieldOf,
    listPath,
  });
  const title = t(mode === 'create' ? 'rates.form.newTitle' : 'rates.form.editTitle');

  return (
    <>
      <SectionTabs section="rate" user={user} />
      <PageHeader title={title} titleId={titleId} back={{ to: listPath, label: t('rates.form.back') }} />
      {isReady && tariffs ? (
        <FormCard labelledBy={titleId} onSubmit={onSubmit} wide>
          <div className="form-grid">
            <FormField control={form.control} name="name" label={t('rates.fields.name')} isRequired />
          </div>
          <CheckboxField control={form.control} name="isActive" label={t('form.active')} />
          <FormSection title={t('rates.form.prices')}>
            <p className="form-hint">
              {mode === 'create' ? t('rates.form.pricesHintCreate') : t('rates.form.pricesHintEdit')}
            </p>
            <PriceTable control={form.control} tariffs={tariffs} mode={mode} />
          </FormSection>
          <FormActions isSaving={isSaving} cancelTo={listPath} />
        </FormCard>
      ) : (
        <FormPlaceholder error={loadError} onRetry={retryLoad} isRetrying={isRetrying} />
      )}
    </>
  );
}

/** New rate (spec 03 §2): every tariff priced. */
export function RateNewPage() {
  return <RateFormPage />;
}

/** Edit rate, by the route's rateId (spec 03 §2). */
export function RateEditPage() {
  const { rateId } = useParams();
  return <RateFormPage key={rateId} id={rateId ?? ''} />;
}
