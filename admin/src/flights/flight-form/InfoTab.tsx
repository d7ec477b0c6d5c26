import type { Locale } from '@flybook/locales';
import type { Airport } from '@flybook/schemas';
import { TextField } from '@flybook/ui';
import { useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/FormField.tsx';
import { CheckboxField } from '../../app/form/CheckboxField.tsx';
import { SelectField, type SelectOption } from '../../app/form/SelectField.tsx';
import { TextAreaField } from '../../app/form/TextAreaField.tsx';
import { DateInputField } from './DateInputField.tsx';
import type { FlightFormOutput, FlightFormValues } from './flight-form.ts';
import type { FlightLookups } from './use-flight-lookups.ts';

type FormControl = Control<FlightFormValues, unknown, FlightFormOutput>;

/** "ZRH – Zurich Airport" in the interface language. */
export const airportLabel = (airport: Pick<Airport, 'code' | 'name'>, locale: Locale) =>
  `${airport.code} – ${airport.name[locale] || airport.name.en}`;

/** The local date and time at an airport, with the airport's time zone said under them. */
function LocalTime({
  control,
  kind,
  airport,
  isDisabled,
}: {
  control: FormControl;
  kind: 'departure' | 'arrival';
  airport: Airport | undefined;
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const zoneId = useId();
  const departure = kind === 'departure';
  return (
    <div className="flight-form__local-time">
      <div className="flight-form__pair">
        <DateInputField
          control={control}
          name={departure ? 'departureDate' : 'arrivalDate'}
          type="date"
          label={departure ? t('flights.form.fields.departureDate') : t('flights.form.fields.arrivalDate')}
          isRequired
          isDisabled={isDisabled}
          describedBy={zoneId}
        />
        <DateInputField
          control={control}
          name={departure ? 'departureTime' : 'arrivalTime'}
          type="time"
          label={departure ? t('flights.form.fields.departureTime') : t('flights.form.fields.arrivalTime')}
          isRequired
          isDisabled={isDisabled}
          describedBy={zoneId}
        />
      </div>
      <p id={zoneId} className="flight-form__zone">
        {airport
          ? t('flights.form.localTimeAt', { code: airport.code, timezone: airport.timezone })
          : departure
            ? t('flights.form.chooseOrigin')
            : t('flights.form.chooseDestination')}
      </p>
    </div>
  );
}

/**
 * The info tab (spec 03 §2, §3): airline company and number (the company's code in front, the
 * digits typed), airports, departure and arrival in each airport's local time, aircraft template,
 * rate, online check-in, active and comment. A departed or cancelled flight keeps all but its
 * comment and active flag.
 */
export function InfoTab({
  control,
  lookups,
  companies,
  rates,
  locale,
  isFrozen,
  isRouteFixed,
  onTemplateChange,
}: {
  control: FormControl;
  lookups: FlightLookups;
  /** The active companies, and the stored flight's even when it no longer is. */
  companies: readonly { id: number; name: string; code: string }[];
  /** The active rates, and the stored flight's even when it no longer is. */
  rates: readonly { id: number; name: string }[];
  locale: Locale;
  isFrozen: boolean;
  /** Booked once: the server keeps airline, origin and destination, so they are disabled here. */
  isRouteFixed: boolean;
  onTemplateChange: (templateId: string) => void;
}) {
  const { t } = useTranslation();
  const routeLocked = isFrozen || isRouteFixed;
  // Said under each field only when the booking is why (a frozen flight says so above the tabs).
  const routeHint = isRouteFixed && !isFrozen ? t('flights.form.routeFixed') : undefined;
  const [companyId, originCode, destinationCode] = useWatch({
    control,
    name: ['flightCompanyId', 'originCode', 'destinationCode'],
  });
  const company = companies.find((candidate) => String(candidate.id) === companyId);
  const companyOptions: SelectOption[] = companies.map((candidate) => ({
    value: String(candidate.id),
    label: candidate.name,
  }));
  const airportOptions = lookups.airports.map((airport) => ({
    value: airport.code,
    label: airportLabel(airport, locale),
  }));
  const rateOptions = rates.map((rate) => ({ value: String(rate.id), label: rate.name }));
  const templateOptions = lookups.templates.map((template) => ({
    value: String(template.id),
    label: template.label,
  }));
  const prefix = company?.code ?? '';
  const choose = t('form.choose');

  return (
    <div className="flight-form__tab-body">
      <div className="form-grid">
        <SelectField
          control={control}
          name="flightCompanyId"
          label={t('flights.form.fields.flightCompany')}
          options={companyOptions}
          placeholder={choose}
          isRequired
          isDisabled={routeLocked}
          description={routeHint}
        />
        <div className="flight-form__number">
          <TextField
            label={t('flights.form.fields.numberPrefix')}
            value={prefix}
            isReadOnly
            className="flight-form__prefix"
            description={prefix ? undefined : t('flights.form.fields.numberPrefixHint')}
          />
          <FormField
            control={control}
            name="numberDigits"
            label={t('flights.form.fields.number')}
            description={t('flights.form.fields.numberHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            isRequired
            isDisabled={isFrozen}
            className="flight-form__digits"
          />
        </div>
        <SelectField
          control={control}
          name="originCode"
          label={t('flights.form.fields.origin')}
          options={airportOptions}
          placeholder={choose}
          isRequired
          isDisabled={routeLocked}
          description={routeHint}
        />
        <SelectField
          control={control}
          name="destinationCode"
          label={t('flights.form.fields.destination')}
          options={airportOptions}
          placeholder={choose}
          isRequired
          isDisabled={routeLocked}
          description={routeHint}
        />
      </div>
      <div className="form-grid">
        <LocalTime
          control={control}
          kind="departure"
          airport={lookups.airports.find((airport) => airport.code === originCode)}
          isDisabled={isFrozen}
        />
        <LocalTime
          control={control}
          kind="arrival"
          airport={lookups.airports.find((airport) => airport.code === destinationCode)}
          isDisabled={isFrozen}
        />
      </div>
      <div className="form-grid">
        <SelectField
          control={control}
          name="aircraftTemplateId"
          label={t('flights.form.fields.aircraftTemplate')}
          options={templateOptions}
          placeholder={choose}
          isRequired
          isDisabled={isFrozen}
          onChange={onTemplateChange}
        />
        <SelectField
          control={control}
          name="rateId"
          label={t('flights.form.fields.rate')}
          options={rateOptions}
          placeholder={choose}
          isRequired
          isDisabled={isFrozen}
        />
      </div>
      <CheckboxField
        control={control}
        name="isOnlineCheckInEnabled"
        label={t('flights.form.fields.onlineCheckIn')}
        isDisabled={isFrozen}
      />
      <CheckboxField control={control} name="isActive" label={t('form.active')} />
      <TextAreaField
        control={control}
        name="comment"
        label={t('flights.form.fields.comment')}
        maxLength={2000}
      />
    </div>
  );
}
