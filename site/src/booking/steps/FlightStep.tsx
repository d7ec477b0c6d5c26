import { toChf } from '@flybook/domain/money';
import { shiftDay } from '@flybook/domain/office-day';
import { adultPriceWithFees } from '@flybook/domain/pricing';
import { formatDate, formatTime } from '@flybook/locales/format';
import { type BookableFlight, bookingCalls } from '@flybook/schemas/booking';
import type { PriceListEntry } from '@flybook/schemas/fares';
import { useEffect, useState } from 'react';
import { callFailureOf, failureText } from '../../lib/failures.ts';
import { fill } from '../../lib/message.ts';
import { client } from '../../lib/session.ts';
import { type Direction, withFlight, withListedFlights } from '../draft.ts';
import { updateDraft } from '../state.ts';
import type { ChosenByAddress } from '../trip-search.ts';
import { ADDRESS_CHOICE_KEY, localDay, useWizard } from '../wizard-context.ts';

/** Spec 02 §2: tabs for 3 days before and after the chosen date, the chosen date active (index 3). */
const TAB_OFFSETS = [-3, -2, -1, 0, 1, 2, 3];
const ACTIVE_TAB = 3;

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; flights: BookableFlight[] };

/** What an adult pays for a tariff on this trip, fees included (the round fare on return trips), CHF. */
const adultPrice = (entry: PriceListEntry, roundTrip: boolean) => toChf(adultPriceWithFees(entry, roundTrip));

/**
 * Steps 2 and 3: the flights of the week around the chosen date in day tabs, each with its tariffs
 * and prices; sold-out and inactive tariffs cannot be chosen. A refreshed list drops a chosen
 * flight that is gone; a flight chosen through the address is taken when it is listed.
 */
export default function FlightStep() {
  const { step, draft, texts, locale, money, goNext, errorTexts } = useWizard();
  const direction: Direction = step === 'select-flight-return' ? 'return' : 'outbound';
  const trip = draft.trip!;
  const otherReturn = trip.travelType === 'other-return';
  const origin =
    direction === 'outbound' ? trip.airportFrom : otherReturn ? trip.otherAirportFrom : trip.airportTo;
  const destination =
    direction === 'outbound' ? trip.airportTo : otherReturn ? trip.otherAirportTo : trip.airportFrom;
  const date = direction === 'outbound' ? trip.departureDate : trip.returnDate;
  const days = TAB_OFFSETS.map((offset) => shiftDay(date, offset));
  const chosen = draft[direction];
  const [tab, setTab] = useState(() => {
    const chosenDay = chosen && localDay(chosen.flight.departure, chosen.flight.origin.timezone);
    return chosenDay && days.includes(chosenDay) ? days.indexOf(chosenDay) : ACTIVE_TAB;
  });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Retry after a failed load asks again for the same week.
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const roundTrip = trip.travelType !== 'one-way';

  // The list follows the trip; the tabs (`days`) and the address choice follow from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: days and takeAddressChoice derive from date
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    client
      .call(
        bookingCalls.publicFlightList,
        {
          query: {
            origin,
            destination,
            departureFrom: days[0],
            departureTo: days[days.length - 1],
            passengersAgeConfig: JSON.stringify({
              adult: trip.adult,
              child: trip.child,
              infant: trip.infant,
            }),
            pageSize: 100,
          },
        },
        { signal: controller.signal },
      )
      .then((page) => {
        setLoad({ state: 'ready', flights: page.items });
        updateDraft((current) => withListedFlights(current, direction, page.items));
        takeAddressChoice(page.items);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const { error } = callFailureOf(failure);
        setLoad({
          state: 'failed',
          message: failureText(error, {
            errors: errorTexts,
            unknown: texts.unknownError,
            network: texts.networkError,
          }),
        });
      });
    return () => controller.abort();
  }, [origin, destination, date, trip.adult, trip.child, trip.infant, direction, attempt]);

  /** departureFlightId / returnFlightId (and tariff) from the address must be in the list (spec 02 §5). */
  function takeAddressChoice(flights: BookableFlight[]) {
    const stored = JSON.parse(sessionStorage.getItem(ADDRESS_CHOICE_KEY) ?? '{}') as ChosenByAddress;
    const [flightKey, tariffKey] =
      direction === 'outbound'
        ? (['departureFlightId', 'departureTariffId'] as const)
        : (['returnFlightId', 'returnTariffId'] as const);
    const flightId = stored[flightKey];
    if (flightId === undefined) return;
    sessionStorage.setItem(
      ADDRESS_CHOICE_KEY,
      JSON.stringify({ ...stored, [flightKey]: undefined, [tariffKey]: undefined }),
    );
    const flight = flights.find((candidate) => candidate.id === flightId);
    const tariffId = stored[tariffKey];
    const entry = flight?.rate.priceList.find((item) =>
      tariffId === undefined ? item.tariff.isActive && item.hasAvailableSeats : item.tariff.id === tariffId,
    );
    if (!flight || !entry) {
      const [field, value] = !flight ? [flightKey, flightId] : [tariffKey, tariffId];
      setProblem(fill(texts['url.notFound'], { fieldName: field, value: String(value) }));
      return;
    }
    updateDraft((current) => withFlight(current, direction, { flight, tariffId: entry.tariff.id }));
    const day = localDay(flight.departure, flight.origin.timezone);
    if (days.includes(day)) setTab(days.indexOf(day));
  }

  // On a phone the chosen day may be off screen in the row of tabs.
  const activeDay = days[tab];
  useEffect(() => {
    document.getElementById(`tab-${activeDay}`)?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [activeDay]);

  const flightsOn = (day: string) =>
    load.state === 'ready'
      ? load.flights.filter((flight) => localDay(flight.departure, flight.origin.timezone) === day)
      : [];
  const shown = flightsOn(days[tab]!);

  return (
    <div className="flight-step">
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="date-tabs" role="tablist" aria-label={texts.dateTabs}>
        {days.map((day, index) => (
          <button
            key={day}
            type="button"
            role="tab"
            id={`tab-${day}`}
            aria-selected={index === tab}
            aria-controls="flights-of-day"
            tabIndex={index === tab ? 0 : -1}
            className={flightsOn(day).length > 0 ? 'has-flights' : undefined}
            onClick={() => setTab(index)}
            onKeyDown={(event) => {
              // The tabs pattern: arrows move between days, the focus follows.
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step === 0) return;
              event.preventDefault();
              const next = (index + step + days.length) % days.length;
              setTab(next);
              document.getElementById(`tab-${days[next]}`)?.focus();
            }}
          >
            {formatDate(day, locale, { weekday: 'short', year: false })}
          </button>
        ))}
      </div>
      <div id="flights-of-day" role="tabpanel" aria-labelledby={`tab-${days[tab]}`}>
        {load.state === 'loading' && (
          <p className="busy" role="status">
            {texts.loadingFlights}
          </p>
        )}
        {load.state === 'failed' && (
          <div className="form-error load-failure">
            <div role="alert">
              <p>{texts.flightsError}</p>
              <p className="failure-reason">{load.message}</p>
            </div>
            <button
              className="button button-light-outline"
              type="button"
              onClick={() => setAttempt((count) => count + 1)}
            >
              {texts.retry}
            </button>
          </div>
        )}
        {load.state === 'ready' && load.flights.length === 0 && (
          <p className="empty-state">{texts['url.noFlights']}</p>
        )}
        {load.state === 'ready' && load.flights.length > 0 && shown.length === 0 && (
          <p className="empty-state">{texts.noFlightsDay}</p>
        )}
        <ul className="flight-list">
          {shown.map((flight) => {
            return (
              <li key={flight.id} className="flight-card">
                <div className="flight-head">
                  <strong>{flight.number}</strong>
                  <span>
                    {texts.departs} {formatTime(flight.departure, flight.origin.timezone)}{' '}
                    {flight.origin.code}
                  </span>
                  <span>
                    {texts.arrives} {formatTime(flight.arrival, flight.destination.timezone)}{' '}
                    {flight.destination.code}
                  </span>
                </div>
                <div className="tariffs">
                  {flight.rate.priceList.map((entry) => {
                    const isChosen = chosen?.flight.id === flight.id && chosen.tariffId === entry.tariff.id;
                    const available = entry.tariff.isActive && entry.hasAvailableSeats;
                    const name = entry.tariff.name[locale] ?? entry.tariff.name.en ?? '';
                    const price = money(adultPrice(entry, roundTrip));
                    return (
                      <button
                        key={entry.tariff.id}
                        type="button"
                        className={isChosen ? 'tariff chosen' : 'tariff'}
                        aria-pressed={isChosen}
                        disabled={!available}
                        onClick={() =>
                          updateDraft((current) =>
                            withFlight(current, direction, { flight, tariffId: entry.tariff.id }),
                          )
                        }
                      >
                        <span className="tariff-name">{name}</span>
                        <span className="tariff-price">{available ? price : texts.soldOut}</span>
                        {isChosen && <span className="tariff-chosen">✓ {texts.chosen}</span>}
                      </button>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
        {shown.length > 0 && <p className="field-hint">{texts.perPerson}</p>}
      </div>
      <p className="wizard-actions">
        <button className="button button-primary" type="button" disabled={!chosen} onClick={goNext}>
          {texts.continue}
        </button>
      </p>
    </div>
  );
}
