import { ageTypeOn, travelDayOf } from '@flybook/domain/ages';
import { type Option, optionCalls } from '@flybook/schemas/rates';
import { type FormEvent, useEffect, useState } from 'react';
import { fill } from '../../lib/message.ts';
import { focusFirstInvalid } from '../../lib/person-form.ts';
import { client } from '../../lib/session.ts';
import {
  chosenFlights,
  type PassengerDraft,
  type PassengerOption,
  withOptions,
  withPassengers,
} from '../draft.ts';
import { updateDraft } from '../state.ts';
import { useWizard } from '../wizard-context.ts';

type Problems = Record<string, string>;

/**
 * Step 4: each passenger's name, gender and date of birth (checked against their age type on the
 * day of the first flight) and the extras of each flight (`public/option/attach/list`). Every
 * change reprices the booking in the summary (debounced 1 s by the wizard).
 */
export default function PassengersStep() {
  const { draft, texts, locale, money, goNext, errorTexts } = useWizard();
  const flights = chosenFlights(draft);
  const [passengers, setPassengers] = useState<PassengerDraft[]>(draft.passengers);
  const [options, setOptions] = useState<PassengerOption[]>(draft.options);
  const [offered, setOffered] = useState<Record<number, Option[]>>({});
  const [problems, setProblems] = useState<Problems>({});
  // Ages count on the first flight's local day of departure, as the server checks them.
  const firstDay = flights[0] ? travelDayOf(flights[0].flight) : (draft.trip?.departureDate ?? '');

  // The flights are fixed on this step: their extras load once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flights do not change on this step
  useEffect(() => {
    const controller = new AbortController();
    for (const { flight, tariffId } of flights) {
      client
        .call(
          optionCalls.attachList,
          { query: { config: JSON.stringify({ rateId: flight.rate.id, tariffId }) } },
          { signal: controller.signal },
        )
        .then((answer) => setOffered((current) => ({ ...current, [flight.id]: answer.items })))
        .catch(() => undefined); // without the list the passenger books no extras
    }
    return () => controller.abort();
  }, []);

  // Options count in the price as they are ticked, like the passengers' age types.
  useEffect(() => {
    updateDraft((current) => withOptions(current, options));
  }, [options]);

  const setField = (index: number, field: keyof PassengerDraft, value: string) =>
    setPassengers((current) =>
      current.map((passenger, at) => (at === index ? { ...passenger, [field]: value } : passenger)),
    );

  const toggle = (passenger: number, flightId: number, option: Option, on: boolean) =>
    setOptions((current) =>
      on
        ? [...current, { passenger, flightId, optionId: option.id, title: option.configValues.title }]
        : current.filter(
            (item) =>
              !(item.passenger === passenger && item.flightId === flightId && item.optionId === option.id),
          ),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    passengers.forEach((passenger, index) => {
      for (const field of ['firstName', 'lastName', 'gender', 'birthday'] as const) {
        if (!passenger[field].trim()) found[`${index}.${field}`] = fill(errorTexts.ERROR_REQUIRED ?? '', {});
      }
      if (passenger.birthday && ageTypeOn(passenger.birthday, firstDay) !== passenger.ageType) {
        found[`${index}.birthday`] = fill(texts.ageMismatch, { ageType: texts[passenger.ageType] });
      }
    });
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid('.passengers-form');
      return;
    }
    updateDraft((current) =>
      withOptions(
        withPassengers(
          current,
          passengers.map((passenger) => ({
            ...passenger,
            firstName: passenger.firstName.trim(),
            lastName: passenger.lastName.trim(),
            salutation: passenger.gender === 'female' ? 'mrs' : 'mr',
          })),
        ),
        options,
      ),
    );
    goNext();
  }

  const input = (
    index: number,
    field: 'firstName' | 'lastName' | 'birthday',
    type: string,
    autoComplete: string,
  ) => {
    const id = `passenger-${index}-${field}`;
    const problem = problems[`${index}.${field}`];
    return (
      <div className="site-field">
        <label htmlFor={id}>{texts[field]}</label>
        <input
          id={id}
          type={type}
          autoComplete={index === 0 ? autoComplete : 'off'}
          value={passengers[index]![field]}
          max={type === 'date' ? firstDay : undefined}
          onChange={(event) => setField(index, field, event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-note` : undefined}
          required
        />
        {problem && (
          <span id={`${id}-note`} className="field-error">
            {problem}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="site-form passengers-form details-form" onSubmit={submit} noValidate>
      {passengers.map((passenger, index) => {
        const genderId = `passenger-${index}-gender`;
        const genderProblem = problems[`${index}.gender`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: passengers are positions in the party
          <fieldset key={index}>
            <legend>
              {fill(texts.passenger, { number: index + 1 })} · {texts[passenger.ageType]}
            </legend>
            {input(index, 'firstName', 'text', 'given-name')}
            {input(index, 'lastName', 'text', 'family-name')}
            <div className="site-field">
              <label htmlFor={genderId}>{texts.gender}</label>
              <select
                id={genderId}
                value={passenger.gender}
                onChange={(event) => setField(index, 'gender', event.target.value)}
                aria-invalid={genderProblem ? true : undefined}
                aria-describedby={genderProblem ? `${genderId}-note` : undefined}
                required
              >
                <option value="">{texts.choose}</option>
                <option value="female">{texts.female}</option>
                <option value="male">{texts.male}</option>
              </select>
              {genderProblem && (
                <span id={`${genderId}-note`} className="field-error">
                  {genderProblem}
                </span>
              )}
            </div>
            {input(index, 'birthday', 'date', 'bday')}
            {flights.map(({ flight }) => {
              const items = offered[flight.id] ?? [];
              if (items.length === 0) return null;
              return (
                <fieldset key={flight.id} className="passenger-extras">
                  <legend>
                    {texts.extras} · {flight.number} {flight.origin.code} → {flight.destination.code}
                  </legend>
                  {items.map((option) => {
                    const on = options.some(
                      (item) =>
                        item.passenger === index &&
                        item.flightId === flight.id &&
                        item.optionId === option.id,
                    );
                    return (
                      <label key={option.id} className="check">
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={(event) => toggle(index, flight.id, option, event.target.checked)}
                        />
                        {option.configValues.title[locale] ?? option.configValues.title.en} (
                        {money(option.configValues.price)})
                      </label>
                    );
                  })}
                </fieldset>
              );
            })}
          </fieldset>
        );
      })}
      <p className="wizard-actions">
        <button className="button button-primary" type="submit">
          {texts.continue}
        </button>
      </p>
    </form>
  );
}
