import { adultPriceWithFees, airportLocalTime, shiftDay } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatDate, formatMoney } from '@flybook/locales/format';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { FormLoading } from '../../../app/form/FormLayout.tsx';
import { LoadFailure } from '../../../app/LoadFailure.tsx';
import { TAB_DAYS, useFlightSearch } from '../use-wizard-data.ts';
import { useWizard } from '../wizard-context.ts';
import {
  type ChosenFlight,
  type Direction,
  type Draft,
  type WizardFlight,
  withFlight,
  withListedFlights,
} from '../wizard-model.ts';
import { type TariffBlock, tariffChoiceState } from '../wizard-rules.ts';
import { StepActions } from './StepActions.tsx';

const localDay = (flight: WizardFlight) => airportLocalTime(flight.departure, flight.origin.timezone).date;

function blockText(t: TFunction, block: TariffBlock): string {
  switch (block) {
    case 'cancelled':
      return t('reservations.wizard.flights.cancelled');
    case 'inactive':
      return t('reservations.wizard.flights.inactive');
    case 'departed':
      return t('reservations.wizard.flights.departed');
    case 'closed':
      return t('reservations.wizard.flights.closed');
    case 'soldOut':
      return t('reservations.wizard.flights.soldOut');
  }
}

/** The route and day a direction's flights are searched for. */
export function searchOf(draft: Draft, direction: Direction) {
  const { trip } = draft;
  if (direction === 'outbound') {
    return { origin: trip.airportFrom, destination: trip.airportTo, day: trip.departureDate };
  }
  return trip.travelType === 'other-return'
    ? { origin: trip.otherAirportFrom, destination: trip.otherAirportTo, day: trip.returnDate }
    : { origin: trip.airportTo, destination: trip.airportFrom, day: trip.returnDate };
}

/** A day tab or an arrival on another day: "Fri 4 Dec", "pre, 4 dhj". */
const dayLabel = (day: string, locale: Locale) => formatDate(day, locale, { weekday: 'short', year: false });

function FlightCard({
  flight,
  direction,
  booked,
}: {
  flight: WizardFlight;
  direction: Direction;
  booked: { flightId: number; tariffId: number } | null;
}) {
  const { t } = useTranslation();
  const { access, mode, locale, draft } = useWizard();
  const departure = airportLocalTime(flight.departure, flight.origin.timezone);
  const arrival = airportLocalTime(flight.arrival, flight.destination.timezone);
  const roundTrip = draft.trip.travelType !== 'one-way';
  return (
    <li className="wizard-flight">
      <div className="wizard-flight__head">
        <span className="wizard-flight__number">{flight.number}</span>
        <span>
          {flight.origin.code} {departure.time} → {flight.destination.code} {arrival.time}
          {arrival.date !== departure.date ? ` (${dayLabel(arrival.date, locale)})` : ''}
        </span>
        <span className="wizard-flight__airline">{flight.flightCompany.name}</span>
      </div>
      <div className="wizard-flight__tariffs">
        {flight.rate.priceList.map((entry) => {
          const state = tariffChoiceState(flight, entry, access, mode, booked);
          const free = flight.seatsByTariff.find(
            (seats) => seats.tariffGroup.id === entry.tariff.group.id,
          )?.free;
          return (
            <Radio
              key={entry.tariff.id}
              value={`${flight.id}:${entry.tariff.id}`}
              className="wizard-tariff"
              isDisabled={state.block !== null}
              aria-label={t('reservations.wizard.flights.tariffNamed', {
                flight: flight.number,
                direction:
                  direction === 'outbound' ? t('booking.direction.outbound') : t('booking.direction.return'),
                tariff: entry.tariff.name[locale],
              })}
            >
              <span className="wizard-tariff__name">{entry.tariff.name[locale]}</span>
              {state.showPrice ? (
                <span className="wizard-tariff__price">
                  {formatMoney(adultPriceWithFees(entry, roundTrip), locale)}
                </span>
              ) : null}
              {state.block ? (
                <span className="wizard-tariff__note">{blockText(t, state.block)}</span>
              ) : access.seesSeatCounts && free !== undefined ? (
                <span className="wizard-tariff__note">
                  {t('reservations.wizard.flights.free', { count: free })}
                </span>
              ) : null}
            </Radio>
          );
        })}
      </div>
    </li>
  );
}

/**
 * Steps 2 and 3: the flights of the week around the chosen day in date tabs (±3 days, the chosen
 * day active), each with its tariffs, the adult price with fees and, except for agents, the seats
 * left. Which tariffs may be chosen follows spec 02 §4 ({@link tariffChoiceState}).
 */
export function FlightStep({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  const { draft, update, goNext, access, mode, locale, reservation } = useWizard();
  const search = searchOf(draft, direction);
  const party = useMemo(() => draft.passengers.map((passenger) => passenger.ageType), [draft.passengers]);
  const flights = useFlightSearch(access, mode, { ...search, party });
  const days = Array.from({ length: 2 * TAB_DAYS + 1 }, (_, index) => shiftDay(search.day, index - TAB_DAYS));
  const chosen = draft[direction];
  const [activeDay, setActiveDay] = useState(() => (chosen ? localDay(chosen.flight) : search.day));
  const [missing, setMissing] = useState(false);

  // The tariff the reservation holds on this direction, kept selectable while editing.
  const booked = useMemo(() => {
    const flight = reservation?.flights.find((candidate) => candidate.direction === direction);
    const ticket = reservation?.passengers[0]?.tickets.find(
      (candidate) => candidate.flight.id === flight?.id,
    );
    return flight && ticket ? { flightId: flight.id, tariffId: ticket.tariff.id } : null;
  }, [reservation, direction]);

  // A refreshed list drops the chosen flight when it is gone from the week it covers.
  const listed = flights.data;
  useEffect(() => {
    if (!listed || flights.isPlaceholderData) return;
    const first = days[0] ?? '';
    const last = days[days.length - 1] ?? '';
    update((current) =>
      withListedFlights(
        current,
        direction,
        listed,
        (flight) => localDay(flight) >= first && localDay(flight) <= last,
      ),
    );
  }, [listed, flights.isPlaceholderData, direction, update, days[0], days[days.length - 1]]);

  const byDay = (day: string) => (listed ?? []).filter((flight) => localDay(flight) === day);
  const value = chosen ? `${chosen.flight.id}:${chosen.tariffId}` : null;
  const choose = (key: string) => {
    const [flightId, tariffId] = key.split(':').map(Number);
    const flight = (listed ?? []).find((candidate) => candidate.id === flightId);
    if (!flight || tariffId === undefined) return;
    const next: ChosenFlight = { flight, tariffId };
    setMissing(false);
    update((current) => withFlight(current, direction, next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    goNext();
  };

  return (
    <form className="wizard-step form-card" noValidate onSubmit={submit} aria-labelledby="wizard-step-title">
      <p className="wizard-route">
        {search.origin} → {search.destination}
      </p>
      <Tabs selectedKey={activeDay} onSelectionChange={(key) => setActiveDay(String(key))}>
        <TabList className="wizard-days" aria-label={t('reservations.wizard.flights.days')}>
          {days.map((day) => (
            <Tab key={day} id={day} className="wizard-day">
              <span>{dayLabel(day, locale)}</span>
              <span className="wizard-day__count">
                {flights.isLoading
                  ? '…'
                  : t('reservations.wizard.flights.count', { count: byDay(day).length })}
              </span>
            </Tab>
          ))}
        </TabList>
        {days.map((day) => (
          <TabPanel key={day} id={day} className="wizard-day-panel">
            {flights.isLoading ? (
              <FormLoading text={t('reservations.wizard.flights.loading')} />
            ) : flights.isError ? (
              <LoadFailure
                error={flights.error}
                title={t('reservations.wizard.flights.failed')}
                onRetry={() => flights.refetch()}
                isRetrying={flights.isFetching}
              />
            ) : byDay(day).length === 0 ? (
              <p className="wizard-empty">{t('reservations.wizard.flights.none')}</p>
            ) : (
              <RadioGroup
                value={value}
                onChange={choose}
                aria-label={t('reservations.wizard.flights.choose')}
                isInvalid={missing}
              >
                <Label className="fb-visually-hidden">{t('reservations.wizard.flights.choose')}</Label>
                <ul className="wizard-flights">
                  {byDay(day).map((flight) => (
                    <FlightCard key={flight.id} flight={flight} direction={direction} booked={booked} />
                  ))}
                </ul>
              </RadioGroup>
            )}
          </TabPanel>
        ))}
      </Tabs>
      {missing ? (
        <p className="wizard-problem" role="alert">
          {t('reservations.wizard.flights.required')}
        </p>
      ) : null}
      <StepActions />
    </form>
  );
}
