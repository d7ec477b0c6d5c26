import { formatChf } from '@flybook/locales/format';
import { SEAT_LABEL_PATTERN } from '@flybook/schemas';
import { Button, bookableSeatPrices, SeatMap, seatMapFromStates, TextField } from '@flybook/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { FormLoading } from '../../../app/form/FormLayout.tsx';
import { LoadFailure } from '../../../app/LoadFailure.tsx';
import { useSeatMapTexts } from '../../../app/seat-map-labels.ts';
import { useSeatMap, useTariffGroups } from '../use-wizard-data.ts';
import { useWizard } from '../wizard-context.ts';
import {
  type ChosenFlight,
  chosenFlights,
  type Draft,
  type PassengerSeat,
  seatedPassengers,
} from '../wizard-model.ts';
import { StepActions } from './StepActions.tsx';

/** The seats of one flight: pick a passenger, then a seat on the map (or type it, managers only). */
function FlightSeats({ chosen }: { chosen: ChosenFlight }) {
  const { t } = useTranslation();
  const { draft, update, access, locale, reservation } = useWizard();
  const map = useSeatMap(chosen.flight.id, chosen.tariffId, reservation?.id ?? null);
  // Passengers by their position in the booking, as seats name them.
  const seated = seatedPassengers(draft);
  const [active, setActive] = useState(seated[0] ?? 0);
  const [typed, setTyped] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const labels = useSeatMapTexts();
  const groups = useTariffGroups();
  const flightId = chosen.flight.id;

  const template = useMemo(() => (map.data ? seatMapFromStates(map.data.sections) : null), [map.data]);
  // Seats this booking may take: the free ones and, when changing a booking, its own.
  const bookable = useMemo(
    () => (map.data ? bookableSeatPrices(map.data, true) : new Map<string, number>()),
    [map.data],
  );
  const seatOf = (passenger: number) =>
    draft.seats.find((seat) => seat.passenger === passenger && seat.flightId === flightId)?.seatLabel;
  const chosenHere = new Set(
    draft.seats.filter((seat) => seat.flightId === flightId).map((seat) => seat.seatLabel),
  );

  /** The active passenger takes the seat; whoever in this booking had it gives it up. */
  const take = (label: string): boolean => {
    if (!bookable.has(label)) return false;
    update((current: Draft) => ({
      ...current,
      seats: [
        ...current.seats.filter(
          (seat) => seat.flightId !== flightId || (seat.passenger !== active && seat.seatLabel !== label),
        ),
        { passenger: active, flightId, seatLabel: label } satisfies PassengerSeat,
      ],
    }));
    const next = seated.find((passenger) => passenger !== active && !seatOf(passenger));
    if (next !== undefined) setActive(next);
    return true;
  };
  const release = (passenger: number) =>
    update((current) => ({
      ...current,
      seats: current.seats.filter((seat) => !(seat.flightId === flightId && seat.passenger === passenger)),
    }));
  const takeTyped = () => {
    const label = typed.trim().toUpperCase();
    if (!SEAT_LABEL_PATTERN.test(label)) {
      setTypedProblem(t('reservations.wizard.seats.pattern'));
      return;
    }
    if (!take(label)) {
      setTypedProblem(t('reservations.wizard.seats.notFree', { seat: label }));
      return;
    }
    setTyped('');
    setTypedProblem(null);
  };
  const groupName = (id: number) => {
    const group = groups?.find((candidate) => candidate.id === id);
    return group ? group.name[locale] || group.code : '';
  };

  return (
    <div className="wizard-seats">
      <div className="wizard-seats__side">
        <RadioGroup
          value={String(active)}
          onChange={(value) => setActive(Number(value))}
          className="wizard-seat-passengers"
        >
          <Label className="fb-field__label">{t('reservations.wizard.seats.passenger')}</Label>
          {seated.map((position) => {
            const passenger = draft.passengers[position]!;
            const label = seatOf(position);
            const price = label ? bookable.get(label) : undefined;
            return (
              <div key={position} className="wizard-seat-passenger">
                <Radio value={String(position)} className="choice">
                  <span>
                    {passenger.firstName} {passenger.lastName}
                    <span className="wizard-note">
                      {' · '}
                      {label
                        ? `${label}${price ? ` (${formatChf(price, locale)})` : ''}`
                        : t('reservations.wizard.seats.none')}
                    </span>
                  </span>
                </Radio>
                {label ? (
                  <Button
                    variant="link"
                    onPress={() => release(position)}
                    aria-label={t('reservations.wizard.seats.releaseNamed', {
                      seat: label,
                      passenger: `${passenger.firstName} ${passenger.lastName}`,
                    })}
                  >
                    {t('reservations.wizard.seats.release')}
                  </Button>
                ) : null}
              </div>
            );
          })}
        </RadioGroup>
        {access.isManager ? (
          <div className="wizard-typed-seat">
            <TextField
              label={t('reservations.wizard.seats.type')}
              description={t('reservations.wizard.seats.typeHint')}
              value={typed}
              onChange={(value) => {
                setTyped(value);
                setTypedProblem(null);
              }}
              errorMessage={typedProblem}
            />
            <Button variant="secondary" onPress={takeTyped}>
              {t('reservations.wizard.seats.take')}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="wizard-seats__map">
        {map.isLoading ? (
          <FormLoading />
        ) : map.isError || !template ? (
          <LoadFailure
            error={map.error}
            title={t('reservations.wizard.seats.failed')}
            onRetry={() => map.refetch()}
            isRetrying={map.isFetching}
          />
        ) : template.sections.length === 0 ? (
          <p className="wizard-empty">{t('reservations.wizard.seats.noMap')}</p>
        ) : (
          <SeatMap
            sections={template.sections}
            labels={{ ...labels, tariffGroup: groupName }}
            locale={locale}
            seatState={(label) => (template.overlay.get(label) === 'taken' ? 'taken' : undefined)}
            selectedLabels={chosenHere}
            onSeatPress={take}
            isSeatPressable={(label) => bookable.has(label)}
            headingLevel={3}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Step 6: a seat per passenger (infants fly on a lap) and flight on the seat map; seats are
 * optional. Managers may type a seat label (spec 02 §6), checked against the seat-label pattern
 * and the map.
 */
export function SeatsStep() {
  const { t } = useTranslation();
  const { draft, goNext } = useWizard();
  const flights = chosenFlights(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    goNext();
  };
  return (
    <form className="wizard-step form-card" noValidate onSubmit={submit} aria-labelledby="wizard-step-title">
      {seatedPassengers(draft).length === 0 ? (
        <p className="wizard-empty">{t('reservations.wizard.seats.onlyInfants')}</p>
      ) : (
        <Tabs>
          <TabList className="wizard-days" aria-label={t('reservations.wizard.seats.flights')}>
            {flights.map((chosen, index) => (
              <Tab key={chosen.flight.id} id={String(chosen.flight.id)} className="wizard-day">
                {index === 0 ? t('reservations.wizard.outbound') : t('reservations.wizard.return')} ·{' '}
                {chosen.flight.number}
              </Tab>
            ))}
          </TabList>
          {flights.map((chosen) => (
            <TabPanel key={chosen.flight.id} id={String(chosen.flight.id)}>
              <FlightSeats chosen={chosen} />
            </TabPanel>
          ))}
        </Tabs>
      )}
      <StepActions />
    </form>
  );
}
