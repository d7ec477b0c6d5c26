import type { Airport } from '@flybook/schemas';
import { TextField } from '@flybook/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/layout-parts.tsx';
import { useLookups } from '../use-wizard-data.ts';
import { useWizard } from '../wizard-context.ts';
import {
  MAX_PASSENGERS,
  TRAVEL_TYPES,
  type TravelType,
  type Trip,
  type TripProblem,
  tripProblems,
  withTrip,
} from '../wizard-model.ts';
import { StepActions } from './StepActions.tsx';

function problemText(t: TFunction, problem: TripProblem | undefined): string | null {
  switch (problem) {
    case undefined:
      return null;
    case 'required':
      return t('errors.ERROR_REQUIRED');
    case 'returnBeforeDeparture':
      return t('reservations.wizard.trip.returnBeforeDeparture');
    case 'tooManyInfants':
      return t('reservations.wizard.trip.tooManyInfants');
    case 'tooManyPassengers':
      return t('reservations.wizard.trip.tooManyPassengers', { max: MAX_PASSENGERS });
    // Only the public search counts seats per online booking; staff book larger groups.
    case 'tooManySeatsOnline':
      return t('site.search.tooManySeatsOnline');
  }
}

const COUNTS = ['adult', 'child', 'infant'] as const;

function countLabel(t: TFunction, ageType: (typeof COUNTS)[number]): string {
  switch (ageType) {
    case 'adult':
      return t('reservations.wizard.trip.adults');
    case 'child':
      return t('reservations.wizard.trip.children');
    case 'infant':
      return t('reservations.wizard.trip.infants');
  }
}

function travelTypeLabel(t: TFunction, type: TravelType): string {
  switch (type) {
    case 'return':
      return t('reservations.wizard.trip.return');
    case 'one-way':
      return t('reservations.wizard.trip.oneWay');
    case 'other-return':
      return t('reservations.wizard.trip.otherReturn');
  }
}

/** An airport choice: main airports first, the other airports in their own group (spec 02 §2). */
function AirportSelect({
  label,
  value,
  codes,
  airports,
  error,
  onChange,
}: {
  label: string;
  value: string;
  /** The airports that may be chosen here (those with flights on the route). */
  codes: readonly string[];
  airports: readonly Airport[];
  error: string | null;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const offered = airports.filter((airport) => codes.includes(airport.code) || airport.code === value);
  const name = (airport: Airport) => `${airport.city[locale] || airport.name[locale]} (${airport.code})`;
  const main = offered.filter((airport) => airport.isMain);
  const other = offered.filter((airport) => !airport.isMain);
  return (
    <div className="fb-field">
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fb-field__input select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('reservations.wizard.trip.chooseAirport')}</option>
        <optgroup label={t('reservations.wizard.trip.mainAirports')}>
          {main.map((airport) => (
            <option key={airport.code} value={airport.code}>
              {name(airport)}
            </option>
          ))}
        </optgroup>
        {other.length > 0 ? (
          <optgroup label={t('reservations.wizard.trip.otherAirports')}>
            {other.map((airport) => (
              <option key={airport.code} value={airport.code}>
                {name(airport)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {error ? (
        <p id={`${id}-error`} className="fb-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CountSelect({
  label,
  value,
  min,
  error,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  error: string | null;
  onChange: (count: number) => void;
}) {
  const id = useId();
  return (
    <div className="fb-field wizard-count">
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fb-field__input select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {Array.from({ length: MAX_PASSENGERS - min + 1 }, (_, index) => index + min).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="fb-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Step 1: the trip (spec 02 §2 travel dates, §5): travel type, airports (only routes that are
 * flown), dates and passenger counts. New dates or airports reset the chosen flights, seats and
 * options; new counts keep the passengers who still fit.
 */
export function TravelDatesStep() {
  const { t } = useTranslation();
  const { draft, update, goNext } = useWizard();
  const { airports = [], routes = [] } = useLookups();
  const [trip, setTrip] = useState<Trip>(draft.trip);
  const [showProblems, setShowProblems] = useState(false);
  const problems = showProblems ? tripProblems(trip) : {};
  const origins = useMemo(() => routes.map((route) => route.origin), [routes]);
  const destinationsOf = (origin: string) =>
    routes.find((route) => route.origin === origin)?.destinations ?? [];

  const set = (patch: Partial<Trip>) => setTrip((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (Object.keys(tripProblems(trip)).length > 0) return;
    update((current) => withTrip(current, trip));
    goNext();
  };
  const other = trip.travelType === 'other-return';

  return (
    <form className="wizard-step form-card" noValidate onSubmit={submit} aria-labelledby="wizard-step-title">
      <RadioGroup
        className="choice-group"
        orientation="horizontal"
        value={trip.travelType}
        onChange={(value) => set({ travelType: value as TravelType })}
      >
        <Label className="fb-field__label">{t('reservations.wizard.trip.type')}</Label>
        <div className="choice-group__options">
          {TRAVEL_TYPES.map((type) => (
            <Radio key={type} value={type} className="choice">
              {travelTypeLabel(t, type)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <div className="wizard-grid">
        <AirportSelect
          label={t('reservations.wizard.trip.from')}
          value={trip.airportFrom}
          codes={origins}
          airports={airports}
          error={problemText(t, problems.airportFrom)}
          onChange={(code) =>
            set({
              airportFrom: code,
              airportTo: destinationsOf(code).includes(trip.airportTo) ? trip.airportTo : '',
            })
          }
        />
        <AirportSelect
          label={t('reservations.wizard.trip.to')}
          value={trip.airportTo}
          codes={destinationsOf(trip.airportFrom)}
          airports={airports}
          error={problemText(t, problems.airportTo)}
          onChange={(code) => set({ airportTo: code })}
        />
        <TextField
          label={t('reservations.wizard.trip.departureDate')}
          type="date"
          value={trip.departureDate}
          onChange={(value) => set({ departureDate: value })}
          errorMessage={problemText(t, problems.departureDate)}
        />
        {trip.travelType === 'one-way' ? null : (
          <TextField
            label={t('reservations.wizard.trip.returnDate')}
            type="date"
            value={trip.returnDate}
            onChange={(value) => set({ returnDate: value })}
            errorMessage={problemText(t, problems.returnDate)}
          />
        )}
        {other ? (
          <>
            <AirportSelect
              label={t('reservations.wizard.trip.otherFrom')}
              value={trip.otherAirportFrom}
              codes={origins}
              airports={airports}
              error={problemText(t, problems.otherAirportFrom)}
              onChange={(code) =>
                set({
                  otherAirportFrom: code,
                  otherAirportTo: destinationsOf(code).includes(trip.otherAirportTo)
                    ? trip.otherAirportTo
                    : '',
                })
              }
            />
            <AirportSelect
              label={t('reservations.wizard.trip.otherTo')}
              value={trip.otherAirportTo}
              codes={destinationsOf(trip.otherAirportFrom)}
              airports={airports}
              error={problemText(t, problems.otherAirportTo)}
              onChange={(code) => set({ otherAirportTo: code })}
            />
          </>
        ) : null}
      </div>
      <div className="wizard-grid wizard-grid--counts">
        {COUNTS.map((ageType) => (
          <CountSelect
            key={ageType}
            label={countLabel(t, ageType)}
            value={trip[ageType]}
            // a booking has at least one adult (the public site's rule too)
            min={ageType === 'adult' ? 1 : 0}
            error={problemText(t, problems[ageType])}
            onChange={(count) => set({ [ageType]: count })}
          />
        ))}
      </div>
      <StepActions />
    </form>
  );
}
