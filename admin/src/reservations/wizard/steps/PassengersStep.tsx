import { travelDayOf } from '@flybook/domain/ages';
import type { Locale } from '@flybook/locales';
import { formatChf } from '@flybook/locales/format';
import { type KnownPassenger, type Option, reservationListCalls } from '@flybook/schemas';

import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { type Control, type UseFormSetValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../../app/context.tsx';
import { FormField } from '../../../app/FormField.tsx';
import { CheckBox } from '../../../app/form/CheckBox.tsx';
import { SearchPicker } from '../../../app/form/SearchPicker.tsx';
import { SelectField } from '../../../app/form/SelectField.tsx';
import { schemaResolver } from '../../../app/forms.ts';
import { LIST_RELOAD_DEBOUNCE_MS } from '../../../app/list/use-server-list.ts';
import { useFlightOptions } from '../use-wizard-data.ts';
import { useWizard } from '../wizard-context.ts';
import { type PassengersFormValues, passengersFormSchema, salutationOptions } from '../wizard-forms.ts';
import {
  type AgeType,
  type ChosenFlight,
  chosenFlights,
  type PassengerDraft,
  type PassengerOption,
  withPassengers,
} from '../wizard-model.ts';
import { StepActions } from './StepActions.tsx';

export function ageTypeLabel(t: TFunction, ageType: AgeType): string {
  switch (ageType) {
    case 'adult':
      return t('reservations.ageType.adult');
    case 'child':
      return t('reservations.ageType.child');
    case 'infant':
      return t('reservations.ageType.infant');
  }
}

/** A known passenger in the search box: numbered, with the name and birthday shown. */
interface KnownRecord {
  id: number;
  displayName: string;
  passenger: KnownPassenger;
}

/**
 * Spec 02 §4, §7: earlier passengers to fill a passenger from, 1 s after typing stops: up to 5 of
 * the owner's and 5 of others' (the latter with ROLE_RESERVATION_SELECT_PASSENGER_USER_EXTENDED).
 */
function KnownPassengerPicker({ onPick }: { onPick: (passenger: KnownPassenger) => void }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const { draft } = useWizard();
  const [listed, setListed] = useState<KnownRecord[]>([]);
  const ownerId = draft.owner?.id;
  return (
    <SearchPicker<KnownRecord>
      className="wizard-known"
      label={t('reservations.wizard.passengers.known')}
      value={null}
      onChange={(choice) => {
        const record = listed.find((candidate) => candidate.id === choice?.id);
        if (record) onPick(record.passenger);
      }}
      clearOnPick
      queryKey={['wizardKnownPassengers', ownerId]}
      load={async (search, signal) => {
        const answer = await client.call(
          reservationListCalls.passengerList,
          { query: { ...(search ? { query: search } : {}), ...(ownerId ? { ownerId } : {}) } },
          { signal },
        );
        const records = answer.items.map((passenger, index) => ({
          id: index + 1,
          displayName: `${passenger.firstName} ${passenger.lastName}`,
          passenger,
        }));
        setListed(records);
        return records;
      }}
      staleTime={30_000}
      debounceMs={LIST_RELOAD_DEBOUNCE_MS}
      detailOf={(record) =>
        [
          record.passenger.birthday ?? '',
          record.passenger.isOwn
            ? t('reservations.wizard.passengers.own')
            : t('reservations.wizard.passengers.other'),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      placeholder={t('reservations.wizard.passengers.knownPlaceholder')}
      showLabel={t('reservations.wizard.passengers.knownShow')}
      emptyText={t('reservations.wizard.passengers.knownNone')}
    />
  );
}

const optionTitle = (option: Option, locale: Locale) =>
  option.configValues.title[locale] || option.configValues.title.en;

/** The extras one passenger can add on one flight, as checkboxes. */
function FlightOptions({
  chosen,
  position,
  options,
  onToggle,
}: {
  chosen: ChosenFlight;
  /** The passenger's position in the booking. */
  position: number;
  options: readonly PassengerOption[];
  onToggle: (option: Option, selected: boolean) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useWizard();
  const offered = useFlightOptions(chosen.flight.rate.id || undefined, chosen.tariffId);
  const items = (offered.data ?? []).filter((option) => option.isActive);
  return (
    <fieldset className="wizard-options">
      <legend className="wizard-options__title">
        {t('reservations.wizard.passengers.extras', { flight: chosen.flight.number })}
      </legend>
      {offered.isLoading ? (
        <span className="wizard-note">{t('common.loading')}</span>
      ) : items.length === 0 ? (
        <span className="wizard-note">{t('reservations.wizard.passengers.noExtras')}</span>
      ) : (
        items.map((option) => (
          <CheckBox
            key={option.id}
            isSelected={options.some(
              (choice) =>
                choice.passenger === position &&
                choice.flightId === chosen.flight.id &&
                choice.optionId === option.id,
            )}
            onChange={(selected) => onToggle(option, selected)}
          >
            {optionTitle(option, locale)} ({formatChf(option.configValues.price, locale)})
          </CheckBox>
        ))
      )}
    </fieldset>
  );
}

function PassengerCard({
  index,
  passenger,
  control,
  setValue,
  options,
  onToggleOption,
}: {
  index: number;
  passenger: PassengerDraft;
  control: Control<PassengersFormValues, unknown, z.output<ReturnType<typeof passengersFormSchema>>>;
  setValue: UseFormSetValue<PassengersFormValues>;
  options: readonly PassengerOption[];
  onToggleOption: (chosen: ChosenFlight, option: Option, selected: boolean) => void;
}) {
  const { t } = useTranslation();
  const { access, draft } = useWizard();
  const fill = (known: KnownPassenger) => {
    const set = (field: 'salutation' | 'gender' | 'firstName' | 'lastName' | 'birthday', value: string) =>
      setValue(`passengers.${index}.${field}`, value, { shouldValidate: true });
    set('salutation', known.salutation);
    set('gender', known.gender ?? '');
    set('firstName', known.firstName);
    set('lastName', known.lastName);
    set('birthday', known.birthday ?? '');
  };
  return (
    <section className="wizard-passenger" aria-labelledby={`passenger-${index + 1}`}>
      <h3 id={`passenger-${index + 1}`} className="wizard-passenger__title">
        {t('reservations.wizard.passengers.passenger', { number: index + 1 })}
        <span className="wizard-passenger__age">{ageTypeLabel(t, passenger.ageType)}</span>
      </h3>
      {access.knownPassengers ? <KnownPassengerPicker onPick={fill} /> : null}
      <div className="wizard-grid">
        <SelectField
          control={control}
          name={`passengers.${index}.salutation`}
          label={t('reservations.history.billing.salutation')}
          placeholder={t('reservations.wizard.choose')}
          options={salutationOptions(t)}
          isRequired
        />
        <SelectField
          control={control}
          name={`passengers.${index}.gender`}
          label={t('reservations.history.gender')}
          placeholder={t('reservations.wizard.choose')}
          options={[
            { value: 'male', label: t('reservations.wizard.male') },
            { value: 'female', label: t('reservations.wizard.female') },
          ]}
          isRequired
        />
        <FormField
          control={control}
          name={`passengers.${index}.firstName`}
          label={t('reservations.history.billing.firstName')}
          isRequired
        />
        <FormField
          control={control}
          name={`passengers.${index}.lastName`}
          label={t('reservations.history.billing.lastName')}
          isRequired
        />
        <FormField
          control={control}
          name={`passengers.${index}.birthday`}
          label={t('reservations.history.billing.birthday')}
          type="date"
          isRequired
        />
      </div>
      <div className="wizard-options-row">
        {chosenFlights(draft).map((chosen) => (
          <FlightOptions
            key={chosen.flight.id}
            chosen={chosen}
            position={index}
            options={options}
            onToggle={(option, selected) => onToggleOption(chosen, option, selected)}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * Step 5: the passengers (spec 02 §3, §5): salutation, gender, names and birthday, checked against
 * each passenger's age type on the day of travel; extras per flight; known passengers to fill from.
 */
export function PassengersStep() {
  const { draft, update, goNext } = useWizard();
  const { translateError } = useServices();
  // The server checks ages on the first flight's local day of departure, so the form does too.
  const firstFlightDay = draft.outbound ? travelDayOf(draft.outbound.flight) : null;
  const schema = passengersFormSchema(firstFlightDay);
  const form = useForm<PassengersFormValues, unknown, z.output<typeof schema>>({
    defaultValues: { passengers: draft.passengers },
    resolver: schemaResolver(schema, translateError),
  });
  // Ticked extras go into the draft at once, so the summary's price follows them.
  const toggleOption = (position: number, chosen: ChosenFlight, option: Option, selected: boolean) =>
    update((current) => {
      const others = current.options.filter(
        (choice) =>
          !(
            choice.passenger === position &&
            choice.flightId === chosen.flight.id &&
            choice.optionId === option.id
          ),
      );
      const added: PassengerOption = {
        passenger: position,
        flightId: chosen.flight.id,
        optionId: option.id,
        title: option.configValues.title,
      };
      return { ...current, options: selected ? [...others, added] : others };
    });

  const submit = form.handleSubmit((values) => {
    const passengers: PassengerDraft[] = values.passengers.map((passenger) => ({
      ...passenger,
      firstName: passenger.firstName.trim(),
      lastName: passenger.lastName.trim(),
    }));
    update((current) => withPassengers(current, passengers));
    goNext();
  });

  return (
    <form
      className="wizard-step form-card"
      noValidate
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="wizard-step-title"
    >
      {draft.passengers.map((passenger, index) => (
        <PassengerCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a passenger is their position (seats and options say so too)
          key={index}
          index={index}
          passenger={passenger}
          control={form.control}
          setValue={form.setValue}
          options={draft.options}
          onToggleOption={(chosen, option, selected) => toggleOption(index, chosen, option, selected)}
        />
      ))}
      <StepActions />
    </form>
  );
}
