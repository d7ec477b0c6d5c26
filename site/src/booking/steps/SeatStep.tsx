import { bookingCalls, type PassengerSeats } from '@flybook/schemas/booking';
import { SEAT_LABEL_PATTERN } from '@flybook/schemas/flights';
import { bookableSeatPrices, SeatMap, type SeatMapLabels, seatMapFromStates } from '@flybook/ui';
import '@flybook/ui/ui.css';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { fill } from '../../lib/message.ts';
import { client } from '../../lib/session.ts';
import {
  type ChosenFlight,
  chosenFlights,
  type PassengerSeat,
  seatedPassengers,
  withSeats,
} from '../draft.ts';
import { updateDraft } from '../state.ts';
import { useWizard } from '../wizard-context.ts';

/**
 * Step 5: a seat per passenger (infants fly on a lap) and direction on the shared seat map; seats
 * taken by others cannot be chosen, the price shows on each seat. A seat can also be typed (digits,
 * then capital letters). Seats are optional: continuing without leaves them to check-in.
 */
export default function SeatStep() {
  const { draft, texts, locale, money, goNext, errorTexts } = useWizard();
  const flights = chosenFlights(draft);
  const seated = seatedPassengers(draft);
  const [maps, setMaps] = useState<Record<number, PassengerSeats>>({});
  const [failed, setFailed] = useState(false);
  const [seats, setSeats] = useState<PassengerSeat[]>(draft.seats);
  const [active, setActive] = useState({ flightId: flights[0]?.flight.id ?? 0, passenger: seated[0] ?? 0 });
  const [typed, setTyped] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: flights do not change on this step
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      flights.map(({ flight, tariffId }) =>
        client
          .call(
            bookingCalls.passengerSeats,
            { params: { id: flight.id }, query: { tariffId } },
            { signal: controller.signal },
          )
          .then((map) => [flight.id, map] as const),
      ),
    )
      .then((entries) => {
        setMaps(Object.fromEntries(entries));
        // A seat someone else took meanwhile is dropped from the choice.
        setSeats((current) =>
          current.filter((seat) => {
            const map = entries.find(([id]) => id === seat.flightId)?.[1];
            return !map || bookableSeatPrices(map).has(seat.seatLabel);
          }),
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  // Chosen seats count in the summary's price at once, like the passengers' extras.
  useEffect(() => {
    updateDraft((current) => ({ ...current, seats }));
  }, [seats]);

  const activeFlight = flights.find((chosen) => chosen.flight.id === active.flightId) ?? flights[0];
  const map = activeFlight ? maps[activeFlight.flight.id] : undefined;
  const template = useMemo(() => (map ? seatMapFromStates(map.sections) : null), [map]);
  const free = useMemo(() => (map ? bookableSeatPrices(map) : new Map<string, number>()), [map]);
  const seatOf = (passenger: number, flightId: number) =>
    seats.find((seat) => seat.passenger === passenger && seat.flightId === flightId)?.seatLabel;

  /** The active passenger takes the seat; whoever in this booking had it gives it up. */
  function take(label: string) {
    if (!activeFlight || !free.has(label)) return false;
    const flightId = activeFlight.flight.id;
    setSeats((current) => [
      ...current.filter(
        (seat) =>
          seat.flightId !== flightId || (seat.passenger !== active.passenger && seat.seatLabel !== label),
      ),
      { passenger: active.passenger, flightId, seatLabel: label },
    ]);
    // The next passenger without a seat on this flight is up.
    const next = seated.find((passenger) => passenger !== active.passenger && !seatOf(passenger, flightId));
    if (next !== undefined) setActive({ flightId, passenger: next });
    return true;
  }

  function takeTyped(event: FormEvent) {
    event.preventDefault();
    const label = typed.trim().toUpperCase();
    if (!SEAT_LABEL_PATTERN.test(label)) {
      setTypedProblem(fill(errorTexts.ERROR_PATTERN ?? '', {}));
      return;
    }
    if (!take(label)) {
      setTypedProblem(
        fill(errorTexts.ERROR_BOOKED_SEATS_OCCUPIED ?? '', {
          seatLabel: label,
          direction: activeFlight === flights[0] ? texts.directionOutbound : texts.directionReturn,
        }),
      );
      return;
    }
    setTyped('');
    setTypedProblem(null);
  }

  const groupName = (chosen: ChosenFlight, groupId: number) => {
    const entry = chosen.flight.rate.priceList.find((item) => item.tariff.group.id === groupId);
    return entry ? (entry.tariff.name[locale] ?? entry.tariff.name.en ?? '') : '';
  };
  const labels: SeatMapLabels | null = activeFlight
    ? {
        tariffGroup: (id) => groupName(activeFlight, id),
        seat: ({ label, className, price, state }) =>
          fill(texts.seatName, { label, className, price, state: texts[`seatState.${state}`] }),
        states: {
          free: texts['seatState.free'],
          taken: texts['seatState.taken'],
          disabled: texts['seatState.disabled'],
          reserved: texts['seatState.reserved'],
          own: texts['seatState.own'],
          absent: texts['seatState.absent'],
          selected: texts['seatState.selected'],
        },
        exitRow: texts.exitRow,
        legend: texts.legend,
      }
    : null;
  const chosenHere = new Set(
    seats.filter((seat) => seat.flightId === activeFlight?.flight.id).map((seat) => seat.seatLabel),
  );

  return (
    <div className="seat-step">
      {failed && <p role="alert">{texts.flightsError}</p>}
      {flights.length > 1 && (
        <div className="date-tabs" role="tablist" aria-label={texts['step.seat-reservation']}>
          {flights.map((chosen, index) => (
            <button
              key={chosen.flight.id}
              type="button"
              role="tab"
              aria-selected={chosen === activeFlight}
              onClick={() => setActive({ flightId: chosen.flight.id, passenger: seated[0] ?? 0 })}
            >
              {index === 0 ? texts.outbound : texts.return} · {chosen.flight.number}
            </button>
          ))}
        </div>
      )}
      <div className="seat-layout">
        <fieldset className="seat-passengers">
          <legend>{texts['step.passengers']}</legend>
          {seated.map((passenger) => {
            const person = draft.passengers[passenger]!;
            const label = activeFlight ? seatOf(passenger, activeFlight.flight.id) : undefined;
            const price = label !== undefined ? free.get(label) : undefined;
            return (
              <label key={passenger} className="seat-passenger">
                <input
                  type="radio"
                  name="seat-passenger"
                  checked={active.passenger === passenger}
                  onChange={() => setActive({ flightId: activeFlight?.flight.id ?? 0, passenger })}
                />
                <span>
                  {person.firstName} {person.lastName}
                  <br />
                  <small>
                    {label
                      ? `${fill(texts.seatLabel, { seat: label })}${price !== undefined ? ` · ${money(price)}` : ''}`
                      : texts.seatsNone}
                  </small>
                </span>
              </label>
            );
          })}
          <form className="seat-typed" onSubmit={takeTyped} noValidate>
            <label htmlFor="typed-seat">{texts.typeSeat}</label>
            <div className="seat-typed-row">
              <input
                id="typed-seat"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="12C"
                aria-invalid={typedProblem ? true : undefined}
                aria-describedby={typedProblem ? 'typed-seat-note' : undefined}
              />
              <button className="button button-light-outline" type="submit">
                {texts.takeSeat}
              </button>
            </div>
            {typedProblem && (
              <span id="typed-seat-note" className="field-error">
                {typedProblem}
              </span>
            )}
          </form>
        </fieldset>
        <div className="seat-map-box">
          {!template && !failed && (
            <p className="busy" role="status">
              {texts.loading}
            </p>
          )}
          {template && labels && (
            <SeatMap
              sections={template.sections}
              labels={labels}
              locale={locale}
              seatState={(label) => template.overlay.get(label)}
              selectedLabels={chosenHere}
              onSeatPress={take}
              isSeatPressable={(_, state) => state === 'free'}
              headingLevel={3}
            />
          )}
        </div>
      </div>
      <p className="wizard-actions">
        <button
          className="button button-primary"
          type="button"
          onClick={() => {
            updateDraft((current) => withSeats(current, seats));
            goNext();
          }}
        >
          {texts.continue}
        </button>
      </p>
    </div>
  );
}
