import { adminPath } from '@flybook/domain';
import type { FlightCompany } from '@flybook/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormField } from '../app/FormField.tsx';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormActions, FormCard, FormPlaceholder } from '../app/form/FormLayout.tsx';
import { useRecordForm } from '../app/form/use-record-form.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import {
  AirlineCompanyForm,
  type AirlineCompanyValues,
  airlineCompanyFieldOf,
} from './airline-company-form.ts';
import { FLIGHT_COMPANIES } from './flight-resources.ts';

const newCompany: AirlineCompanyValues = {
  name: '',
  code: '',
  isActive: true,
  pnlOriginator: '',
  pnlAddresses: '',
};

const valuesOf = (company: FlightCompany | undefined): AirlineCompanyValues =>
  company
    ? {
        name: company.name,
        code: company.code,
        isActive: company.isActive,
        pnlOriginator: company.pnlOriginator ?? '',
        pnlAddresses: company.pnlAddresses.join(' '),
      }
    : newCompany;

function AirlineCompanyFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const titleId = useId();
  const listPath = adminPath('flightCompanyList');
  const { form, onSubmit, isReady, isSaving, loadError, retryLoad, isRetrying } = useRecordForm<
    FlightCompany,
    typeof AirlineCompanyForm
  >({
    resource: FLIGHT_COMPANIES,
    action: id === undefined ? 'create' : 'edit',
    ...(id === undefined ? {} : { id }),
    schema: AirlineCompanyForm,
    values: valuesOf,
    fieldOf: airlineCompanyFieldOf,
    listPath,
  });
  const title = t(id === undefined ? 'flights.companies.newTitle' : 'flights.companies.editTitle');

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader
        title={title}
        titleId={titleId}
        back={{ to: listPath, label: t('flights.companies.back') }}
      />
      {isReady ? (
        <FormCard labelledBy={titleId} onSubmit={onSubmit}>
          <FormField
            control={form.control}
            name="name"
            label={t('flights.companies.fields.name')}
            isRequired
          />
          <FormField
            control={form.control}
            name="code"
            className="field--code"
            label={t('flights.companies.fields.code')}
            description={t('flights.companies.fields.codeHint')}
            isRequired
            maxLength={2}
            autoComplete="off"
          />
          <CheckboxField control={form.control} name="isActive" label={t('form.active')} />
          <FormField
            control={form.control}
            name="pnlOriginator"
            className="field--code"
            label={t('flights.companies.fields.pnlOriginator')}
            description={t('flights.companies.fields.pnlOriginatorHint')}
            maxLength={7}
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="pnlAddresses"
            label={t('flights.companies.fields.pnlAddresses')}
            description={t('flights.companies.fields.pnlAddressesHint')}
            autoComplete="off"
          />
          <FormActions isSaving={isSaving} cancelTo={listPath} />
        </FormCard>
      ) : (
        <FormPlaceholder error={loadError} onRetry={retryLoad} isRetrying={isRetrying} />
      )}
    </>
  );
}

/** Add Airline Company (spec 03 §2). */
export function AirlineCompanyNewPage() {
  return <AirlineCompanyFormPage />;
}

/** Edit Airline Company, by the route's flightCompanyId (spec 03 §2). */
export function AirlineCompanyEditPage() {
  const { flightCompanyId } = useParams();
  return <AirlineCompanyFormPage key={flightCompanyId} id={flightCompanyId ?? ''} />;
}
