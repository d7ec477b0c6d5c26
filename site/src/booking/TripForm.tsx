import { officeToday } from '@flybook/domain/office-day';
import type { Locale } from '@flybook/locales';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { loadAirportNames, loadRouteMap } from '../lib/public-lookups.ts';
import {
  MAX_PASSENGERS,
  type RouteMap,
  type TripSearch,
  tripProblems,
  withServedAirports,
} from './trip-search.ts';

/** The texts the trip form shows, under `site.search` in the catalogue. */
export const TRIP_FORM_TEXT_KEYS = [
  'title',
  'travelType',
  'oneWay',
  'return',
  'otherReturn',
  'from',
  'to',
  'returnFrom',
  'returnTo',
  'choose',
  'departureDate',
  'returnDate',
  'adults',
  'children',
  'infants',
  'submit',
  'required',
  'returnBeforeDeparture',
  'tooManyInfants',
  'tooManyPassengers',
  'tooManySeatsOnline',
  'loadError',
] as const;
export type TripFormTexts = Record<(typeof TRIP_FORM_TEXT_KEYS)[number], string>;

/** Field errors of the search in words (spec 02 §5 Travel dates), keyed by field. */
export function searchErrors(
  values: TripSearch,
  texts: TripFormTexts,
): Partial<Record<keyof TripSearch, string>> {
  return Object.fromEntries(
    Object.entries(tripProblems(values, { online: true })).map(([field, problem]) => [field, texts[problem]]),
  );
}

/** A field's message, named by the field's `aria-describedby`. */
function FieldError({ field, message }: { field: string; message: string | undefined }) {
  return message ? (
    <span className="field-error" id={`${field}-error`}>
      {message}
    </span>
  ) : null;
}

/**
 * The trip form (spec 02 §2 travel dates): travel type, airports from the airports with flights
 * (a destination the origin does not serve is cleared), dates and passengers. The home page's
 * search and the wizard's first step; `onSubmit` gets a checked trip.
 */
export function TripForm({
  texts,
  locale,
  initial,
  onSubmit,
  headingLevel = 2,
  className = 'home-search',
}: {
  texts: TripFormTexts;
  locale: Locale;
  initial: TripSearch;
  onSubmit: (trip: TripSearch) => void;
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const [routes, setRoutes] = useState<RouteMap | null>(null);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<TripSearch>(initial);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [errors, setErrors] = useState<Partial<Record<keyof TripSearch, string>>>({});

  useEffect(() => {
    Promise.all([loadRouteMap(), loadAirportNames(locale)])
      .then(([map, airportNames]) => {
        setRoutes(map);
        setNames(airportNames);
        setValues((current) => withServedAirports(current, map));
      })
      .catch(() => setFailed(true));
  }, [locale]);

  const origins = useMemo(() => [...(routes?.keys() ?? [])].sort(), [routes]);
  const destinationsOf = (origin: string) => routes?.get(origin) ?? [];

  const set = <K extends keyof TripSearch>(key: K, value: TripSearch[K]) =>
    setValues((current) => withServedAirports({ ...current, [key]: value }, routes));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = searchErrors(values, texts);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit(values);
      return;
    }
    // A failed search takes the visitor to the first field it names, whose message is read with it.
    const form = event.currentTarget;
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  const airportSelect = (
    field: 'airportFrom' | 'airportTo' | 'otherAirportFrom' | 'otherAirportTo',
    label: string,
    options: string[],
  ) => (
    <label className="search-field">
      <span>{label}</span>
      <select
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${field}-error` : undefined}
      >
        <option value="">{texts.choose}</option>
        {options.map((code) => (
          <option key={code} value={code}>
            {names.get(code) ?? code}
          </option>
        ))}
      </select>
      <FieldError field={field} message={errors[field]} />
    </label>
  );

  const dateField = (field: 'departureDate' | 'returnDate', label: string) => (
    <label className="search-field">
      <span>{label}</span>
      <input
        type="date"
        min={field === 'returnDate' && values.departureDate ? values.departureDate : officeToday()}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${field}-error` : undefined}
      />
      <FieldError field={field} message={errors[field]} />
    </label>
  );

  const countField = (field: 'adult' | 'child' | 'infant', label: string, min: number) => (
    <label className="search-field search-count">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={MAX_PASSENGERS}
        value={values[field]}
        onChange={(event) =>
          set(field, Math.max(min, Math.min(MAX_PASSENGERS, Number(event.target.value) || 0)))
        }
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${field}-error` : undefined}
      />
      <FieldError field={field} message={errors[field]} />
    </label>
  );

  return (
    // Without a title of its own (the wizard's step) the form is named by the step's heading.
    <form
      className={className}
      onSubmit={submit}
      noValidate
      aria-labelledby={texts.title ? 'trip-form-title' : 'step-title'}
    >
      {texts.title && <Heading id="trip-form-title">{texts.title}</Heading>}
      {failed && (
        <p className="field-error" role="alert">
          {texts.loadError}
        </p>
      )}
      <fieldset className="search-types">
        <legend>{texts.travelType}</legend>
        {(
          [
            ['return', texts.return],
            ['one-way', texts.oneWay],
            ['other-return', texts.otherReturn],
          ] as const
        ).map(([type, label]) => (
          <label key={type}>
            <input
              type="radio"
              name="travelType"
              value={type}
              checked={values.travelType === type}
              onChange={() => set('travelType', type)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="search-grid">
        {airportSelect('airportFrom', texts.from, origins)}
        {airportSelect('airportTo', texts.to, destinationsOf(values.airportFrom))}
        {values.travelType === 'other-return' && airportSelect('otherAirportFrom', texts.returnFrom, origins)}
        {values.travelType === 'other-return' &&
          airportSelect('otherAirportTo', texts.returnTo, destinationsOf(values.otherAirportFrom))}
        {dateField('departureDate', texts.departureDate)}
        {values.travelType !== 'one-way' && dateField('returnDate', texts.returnDate)}
        {countField('adult', texts.adults, 1)}
        {countField('child', texts.children, 0)}
        {countField('infant', texts.infants, 0)}
      </div>
      <button className="button button-primary search-submit" type="submit">
        {texts.submit}
      </button>
    </form>
  );
}
