import { saveFile } from '@flybook/client';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDate, formatDateTime, formatTime } from '@flybook/locales/format';
import { type CheckInPassenger, checkInCalls, type FoundCheckIn } from '@flybook/schemas/check-in';
import { SeatMap, type SeatMapLabels, seatMapFromStates } from '@flybook/ui';
import '@flybook/ui/ui.css';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  CHECK_IN_REFUSALS,
  type CheckInFailure,
  type CheckInRefusalCode,
  canCheckIn,
  checkInFailureOf,
  checkInRequest,
  freeSeatPrices,
  passesOn,
  type SeatBlock,
  seatBlock,
  ticketOf,
  travellersOf,
  withBoardingPasses,
} from '../lib/check-in.ts';
import { fill, type Message, type Plural } from '../lib/message.ts';
import { client } from '../lib/session.ts';

/** Where each finished text is in the catalogue; the page translates them at build time. */
export const CHECK_IN_TEXTS = {
  title: 'site.checkIn.title',
  stepFind: 'site.checkIn.stepFind',
  stepPassengers: 'site.checkIn.stepPassengers',
  stepPasses: 'site.checkIn.stepPasses',
  recordLocator: 'site.manage.recordLocator',
  recordLocatorHint: 'site.manage.recordLocatorHint',
  lastName: 'site.manage.lastName',
  submit: 'site.checkIn.submit',
  searching: 'site.checkIn.searching',
  notFound: 'site.checkIn.notFound',
  failed: 'site.checkIn.failed',
  reference: 'site.manage.reference',
  another: 'site.manage.another',
  chooseFlight: 'site.checkIn.chooseFlight',
  departure: 'site.checkIn.departure',
  who: 'site.checkIn.who',
  adult: 'site.manage.adult',
  child: 'site.manage.child',
  infant: 'site.manage.infant',
  checkedIn: 'site.checkIn.checkedIn',
  noSeat: 'site.checkIn.noSeat',
  changeSeat: 'site.checkIn.changeSeat',
  keepSeat: 'site.checkIn.keepSeat',
  closeSeatMap: 'site.checkIn.closeSeatMap',
  costsMore: 'site.checkIn.costsMore',
  chosenByOther: 'site.checkIn.chosenByOther',
  cabin: 'site.checkIn.cabin',
  noneTicked: 'site.checkIn.noneTicked',
  allCheckedIn: 'site.checkIn.allCheckedIn',
  showPasses: 'site.checkIn.showPasses',
  confirming: 'site.checkIn.confirming',
  seatTakenAny: 'site.checkIn.seatTakenAny',
  passenger: 'site.checkIn.passenger',
  seatColumn: 'site.checkIn.seatColumn',
  sequence: 'site.checkIn.sequence',
  download: 'site.checkIn.download',
  downloading: 'site.checkIn.downloading',
  downloadFailed: 'site.checkIn.downloadFailed',
  emailed: 'site.checkIn.emailed',
  backToPassengers: 'site.checkIn.backToPassengers',
  exitRow: 'flights.form.seatMap.exitRow',
  legend: 'flights.form.seatMap.legend',
  'seatState.free': 'flights.form.seatMap.states.free',
  'seatState.taken': 'flights.form.seatMap.states.taken',
  'seatState.disabled': 'flights.form.seatMap.states.disabled',
  'seatState.reserved': 'flights.form.seatMap.states.reserved',
  'seatState.own': 'flights.form.seatMap.states.own',
  'seatState.absent': 'flights.form.seatMap.states.absent',
  'seatState.selected': 'flights.form.seatMap.states.selected',
} as const;
export type CheckInTexts = Record<keyof typeof CHECK_IN_TEXTS, string> & {
  /** site.checkIn.intro with the hours check-in opens before departure (the site's build setting). */
  intro: string;
  /** site.manage.tooMany: "Please wait 5 min". */
  tooMany: Message<'minutes'>;
  /** site.manage.seat: "Seat 12A". */
  seat: Message<'seat'>;
  /** site.checkIn.newSeat: "New seat 14C (instead of 12A)". */
  newSeat: Message<'seat' | 'previous'>;
  /** site.checkIn.onLap: "travels on the lap of Anna Müller". */
  onLap: Message<'name'>;
  /** site.checkIn.closesAt: "Check-in closes at 05:30". */
  closesAt: Message<'time'>;
  /** site.checkIn.changeSeatFor: the button's accessible name, "Change seat of Anna Müller". */
  changeSeatFor: Message<'name'>;
  /** site.checkIn.seatMapTitle: "Choose a seat for Anna Müller". */
  seatMapTitle: Message<'name'>;
  /** site.checkIn.seatMapHint: the price limit. */
  seatMapHint: Message<'price'>;
  /** site.checkIn.seatTaken: "Seat 14C has just been taken". */
  seatTaken: Message<'seat'>;
  /** site.checkIn.confirm: "Check in 2 passengers". */
  confirm: Plural;
  /** site.checkIn.passesCount: "2 passengers are checked in on FB123". */
  passesCount: Plural<'flight'>;
  /** flights.form.seatMap.seat: a seat's accessible name. */
  seatName: Message<'label' | 'className' | 'price' | 'state'>;
};
/** The refusals' texts by code (errors.*): "Check-in opens on {{date}} at {{time}}". */
export type CheckInErrorTexts = Record<CheckInRefusalCode, Message<'date' | 'time' | 'seatLabel'>>;

type Step = 'find' | 'busy' | 'passengers' | 'passes';
/** What this page keeps in the history entry of a step, so Back and Forward move between steps. */
const STEP_STATE = 'flybookCheckIn';

const stepOfHistory = (state: unknown): Step | null => {
  if (typeof state !== 'object' || state === null || !(STEP_STATE in state)) return null;
  const step = state[STEP_STATE];
  return step === 'passengers' || step === 'passes' ? step : null;
};

/**
 * Online check-in (/check-in, docs/check-in.md): find a paid booking by reference and last name, tick
 * the passengers of an open flight (infants come with their adult), keep or change their seats, check
 * them in, then download the boarding passes (also e-mailed by the server).
 */
export default function CheckIn({
  texts,
  errorTexts,
  locale,
}: {
  texts: CheckInTexts;
  errorTexts: CheckInErrorTexts;
  locale: Locale;
}) {
  const [step, setStep] = useState<Step>('find');
  const [findFailure, setFindFailure] = useState<CheckInFailure | null>(null);
  const [found, setFound] = useState<FoundCheckIn | null>(null);
  // The look-up every later call repeats (the API keeps no session for a guest).
  const lookup = useRef({ recordLocator: '', lastName: '' });
  const [flightId, setFlightId] = useState(0);
  const [ticked, setTicked] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [picking, setPicking] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  // A ref as well as the state: two clicks in one frame both see the state before the first render.
  const sending = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const locatorInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedStep = useRef(false);

  // ?ref=ABC234 (from manage my booking, or after a reload) fills the reference in.
  useEffect(() => {
    const ref = new URLSearchParams(window.location.search).get('ref')?.trim();
    if (ref && locatorInput.current && !locatorInput.current.value) locatorInput.current.value = ref;
  }, []);

  // Back and Forward move between the steps this visit has reached.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const wanted = stepOfHistory(event.state);
      movedStep.current = true;
      setNotice(null);
      setPicking(null);
      setStep(wanted && found ? wanted : 'find');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [found]);

  // A new step is announced by moving the focus to its heading (not on the first view of the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (movedStep.current) stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: Step, push: boolean) => {
    movedStep.current = true;
    if (push) {
      const url = new URL(window.location.href);
      url.searchParams.set('ref', lookup.current.recordLocator);
      window.history.pushState({ [STEP_STATE]: next }, '', `${url.pathname}${url.search}`);
    }
    setStep(next);
  };

  /** Opens a flight's list: the passengers not yet checked in are ticked. */
  const openFlight = (booking: FoundCheckIn, id: number) => {
    setFlightId(id);
    setTicked(booking.passengers.filter((passenger) => canCheckIn(passenger, id)).map(({ id }) => id));
    setChosen(new Map());
    setPicking(null);
  };

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form: what was typed before the island hydrated counts too.
    const form = new FormData(event.currentTarget);
    const recordLocator = String(form.get('recordLocator') ?? '').trim();
    const lastName = String(form.get('lastName') ?? '').trim();
    lookup.current = { recordLocator, lastName };
    setFindFailure(null);
    setNotice(null);
    setStep('busy');
    try {
      const booking = await client.call(checkInCalls.find, { body: { recordLocator, lastName, locale } });
      lookup.current = { recordLocator: booking.recordLocator, lastName };
      setFound(booking);
      openFlight(booking, booking.flights[0]?.id ?? 0);
      goTo('passengers', true);
    } catch (error) {
      setFindFailure(checkInFailureOf(error));
      setStep('find');
    }
  }

  /** Reads the booking again after a refusal: a seat taken meanwhile shows taken, a passenger checked in elsewhere checked in. */
  async function refresh() {
    try {
      const booking = await client.call(checkInCalls.find, { body: { ...lookup.current, locale } });
      setFound(booking);
      const flight = booking.flights.find((candidate) => candidate.id === flightId);
      const free = flight ? freeSeatPrices(flight) : new Map<string, number>();
      // Someone checked in elsewhere meanwhile is no longer ticked, and keeps their seat.
      const open = (id: number) =>
        booking.passengers.some((one) => one.id === id && canCheckIn(one, flightId));
      setTicked((current) => current.filter(open));
      setChosen((current) => new Map([...current].filter(([id, seat]) => free.has(seat) && open(id))));
    } catch {
      // The message about the refusal stays; the next Confirm tells what is wrong.
    }
  }

  async function confirm() {
    if (!found || sending.current) return;
    const request = checkInRequest(flightId, ticked, chosen);
    if (request.passengerIds.length === 0) return;
    sending.current = true;
    setPending(true);
    setNotice(null);
    try {
      const { boardingPasses } = await client.call(checkInCalls.checkIn, {
        body: { ...lookup.current, locale, ...request },
      });
      const updated = withBoardingPasses(found, boardingPasses);
      setFound(updated);
      setTicked([]);
      setChosen(new Map());
      setPicking(null);
      setDownloadFailed(false);
      goTo('passes', true);
    } catch (error) {
      const failure = checkInFailureOf(error);
      setNotice(failureText(failure));
      // The booking changed on the server (a seat taken, a passenger checked in elsewhere): show it as it is now.
      if (failure.kind === 'seatTaken' || failure.kind === 'refused') await refresh();
    } finally {
      sending.current = false;
      setPending(false);
    }
  }

  async function download() {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      saveFile(
        await client.call(checkInCalls.boardingPassPdf, { body: { ...lookup.current, locale, flightId } }),
      );
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  function another() {
    window.history.replaceState(null, '', window.location.pathname);
    lookup.current = { recordLocator: '', lastName: '' };
    setFound(null);
    setFindFailure(null);
    setNotice(null);
    goTo('find', false);
  }

  /** The text of a refusal, its date in the page's language (the server sends it as 2026-11-28). */
  const refusalText = (code: CheckInRefusalCode, params: Record<string, string>) => {
    const date = params.date ?? '';
    return fill(errorTexts[code], {
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(date, locale, { style: 'long' }) : date,
      time: params.time ?? '',
      seatLabel: params.seatLabel ?? '',
    });
  };

  function failureText(failure: CheckInFailure): string {
    switch (failure.kind) {
      case 'notFound':
        return texts.notFound;
      case 'refused':
        return refusalText(failure.code, failure.params);
      case 'seatTaken':
        return failure.seatLabel ? fill(texts.seatTaken, { seat: failure.seatLabel }) : texts.seatTakenAny;
      case 'tooMany':
        return fill(texts.tooMany, { minutes: failure.minutes });
      default:
        return texts.failed;
    }
  }

  const flight = found?.flights.find((candidate) => candidate.id === flightId) ?? found?.flights[0];
  const free = useMemo(() => (flight ? freeSeatPrices(flight) : new Map<string, number>()), [flight]);
  const template = useMemo(() => (flight ? seatMapFromStates(flight.seatMap) : null), [flight]);

  const stepTitle = {
    find: texts.stepFind,
    busy: texts.stepFind,
    passengers: texts.stepPassengers,
    passes: texts.stepPasses,
  }[step];
  const head = (
    <>
      <h1>{texts.title}</h1>
      <h2 className="check-in-step" ref={stepHeading} tabIndex={-1}>
        {stepTitle}
      </h2>
    </>
  );

  if (step === 'busy') {
    return (
      <section className="check-in">
        {head}
        <p className="busy" role="status">
          {texts.searching}
        </p>
      </section>
    );
  }

  if (step === 'find' || !found || !flight) {
    // No booking for this reference and name: both fields are marked, and say why.
    const unmatched = findFailure?.kind === 'notFound';
    return (
      <section className="check-in">
        {head}
        <p>{texts.intro}</p>
        <form className="site-form manage-form" onSubmit={find}>
          {findFailure && (
            <p
              id="check-in-failure"
              className={findFailure.kind === 'failed' ? 'form-error manage-failed' : 'form-error'}
              role="alert"
            >
              {failureText(findFailure)}
            </p>
          )}
          <label>
            <span>{texts.recordLocator}</span>
            <input
              ref={locatorInput}
              name="recordLocator"
              defaultValue={lookup.current.recordLocator}
              required
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={
                unmatched ? 'check-in-failure check-in-locator-hint' : 'check-in-locator-hint'
              }
              aria-invalid={unmatched ? true : undefined}
            />
            <small id="check-in-locator-hint">{texts.recordLocatorHint}</small>
          </label>
          <label>
            <span>{texts.lastName}</span>
            <input
              name="lastName"
              defaultValue={lookup.current.lastName}
              required
              maxLength={100}
              autoComplete="family-name"
              aria-describedby={unmatched ? 'check-in-failure' : undefined}
              aria-invalid={unmatched ? true : undefined}
            />
          </label>
          <p>
            <button className="button button-primary" type="submit">
              {texts.submit}
            </button>
          </p>
        </form>
      </section>
    );
  }

  const route = (
    <div className="card check-in-flight">
      <p className="manage-flight-head">
        <strong>{flight.number}</strong> · {flight.airlineName}
      </p>
      <p className="manage-route">
        <span>
          <strong>{flight.origin.code}</strong> {flight.origin.name}
        </span>
        <span aria-hidden="true">→</span>
        <span>
          <strong>{flight.destination.code}</strong> {flight.destination.name}
        </span>
      </p>
      <p>
        {texts.departure}:{' '}
        <strong>
          {formatDateTime(flight.departure, locale, { weekday: 'short', timeZone: flight.origin.timezone })}
        </strong>
        {step === 'passengers' && (
          <>
            {' · '}
            {fill(texts.closesAt, { time: formatTime(flight.closesAt, flight.origin.timezone) })}
          </>
        )}
      </p>
    </div>
  );

  const facts = (
    <div className="manage-head">
      <dl className="manage-facts">
        <div>
          <dt>{texts.reference}</dt>
          <dd className="record-locator">{found.recordLocator}</dd>
        </div>
      </dl>
      <button className="button button-light" type="button" onClick={another}>
        {texts.another}
      </button>
    </div>
  );

  if (step === 'passes') {
    const passes = passesOn(found, flight.id);
    return (
      <section className="check-in">
        {head}
        {facts}
        {route}
        <p className="manage-state manage-paid" role="status">
          {fill(texts.passesCount, {
            count: passes.reduce((count, { infants }) => count + 1 + infants.length, 0),
            flight: flight.number,
          })}
        </p>
        <table className="check-in-passes">
          <thead>
            <tr>
              <th scope="col">{texts.passenger}</th>
              <th scope="col">{texts.seatColumn}</th>
              <th scope="col">{texts.sequence}</th>
            </tr>
          </thead>
          <tbody>
            {passes.map(({ passenger, seat, sequenceNumber, infants }) => (
              <tr key={passenger.id}>
                <th scope="row">
                  {passenger.name} <small>· {texts[passenger.ageType]}</small>
                  {/* An infant has no pass of its own: the adult's pass names it. */}
                  {infants.map((infant) => (
                    <small key={infant.id} className="check-in-pass-infant">
                      {infant.name} · {texts.infant} · {fill(texts.onLap, { name: passenger.name })}
                    </small>
                  ))}
                </th>
                <td>{seat ?? '–'}</td>
                <td>{sequenceNumber === null ? '–' : String(sequenceNumber).padStart(3, '0')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{texts.emailed}</p>
        {downloadFailed && (
          <p className="form-error" role="alert">
            {texts.downloadFailed}
          </p>
        )}
        <p className="manage-actions">
          <button className="button button-primary" type="button" disabled={downloading} onClick={download}>
            {downloading ? texts.downloading : texts.download}
          </button>
          <button className="button button-light" type="button" onClick={() => window.history.back()}>
            {texts.backToPassengers}
          </button>
        </p>
      </section>
    );
  }

  // Step 2: the flight's passengers, their seats, and Confirm.
  const travellers = travellersOf(found.passengers);
  const checkedInHere = found.passengers.filter((passenger) => ticketOf(passenger, flight.id).checkedIn);
  // Nobody left to check in on this flight: no Confirm, the passes instead.
  const anyLeft = travellers.some(({ passenger }) => canCheckIn(passenger, flight.id));
  const people = ticked.reduce(
    (count, id) => count + 1 + found.passengers.filter((infant) => infant.infantOf === id).length,
    0,
  );
  const toggle = (id: number, on: boolean) =>
    setTicked((current) =>
      on ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id),
    );
  const blockText: Record<SeatBlock, string> = {
    notFree: '',
    chosenByOther: texts.chosenByOther,
    costsMore: texts.costsMore,
  };

  const seatMapOf = (passenger: CheckInPassenger) => {
    if (!template) return null;
    const ticket = ticketOf(passenger, flight.id);
    const mine = chosen.get(passenger.id);
    const block = (label: string) => seatBlock(label, passenger.id, free, ticket.paidSeatPrice, chosen);
    const labels: SeatMapLabels = {
      tariffGroup: (id) => {
        const index = flight.seatMap.findIndex((section) => section.tariffGroup.id === id);
        return flight.seatMap.length > 1 ? `${texts.cabin} ${index + 1}` : texts.cabin;
      },
      seat: ({ label, className, price, state }) => {
        const name = fill(texts.seatName, { label, className, price, state: texts[`seatState.${state}`] });
        // A seat that is free but not for this passenger says why it cannot be pressed.
        const why = state === 'free' ? block(label) : null;
        return why && why !== 'notFree' ? `${name}, ${blockText[why]}` : name;
      },
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
    };
    const hintId = `check-in-seat-hint-${passenger.id}`;
    return (
      <div className="check-in-seat-map" id={`check-in-seats-${passenger.id}`}>
        <h3>{fill(texts.seatMapTitle, { name: passenger.name })}</h3>
        <p id={hintId}>{fill(texts.seatMapHint, { price: formatChf(ticket.paidSeatPrice, locale) })}</p>
        <div className="seat-map-box">
          <SeatMap
            sections={template.sections}
            labels={labels}
            locale={locale}
            seatState={(label) => template.overlay.get(label)}
            selectedLabels={new Set(mine ? [mine] : [])}
            onSeatPress={(label) => {
              // Their own seat again undoes the change.
              if (label === ticket.seat) {
                setChosen((current) => new Map([...current].filter(([id]) => id !== passenger.id)));
              } else if (block(label) === null) {
                setChosen((current) => new Map(current).set(passenger.id, label));
              }
            }}
            isSeatPressable={(label, state) =>
              label === ticket.seat || (state === 'free' && block(label) === null)
            }
            headingLevel={4}
            aria-describedby={hintId}
          />
          {/* The map's legend knows no "dearer than paid": the faded, dashed seat is explained here. */}
          {[...free].some(([label]) => block(label) === 'costsMore') && (
            <p className="check-in-dearer">
              <span className="fb-seat fb-seat--free" aria-hidden="true" /> {texts.costsMore}
            </p>
          )}
        </div>
        <p>
          <button className="button button-light" type="button" onClick={() => setPicking(null)}>
            {texts.closeSeatMap}
          </button>
        </p>
      </div>
    );
  };

  const seatText = (passenger: CheckInPassenger) => {
    const ticket = ticketOf(passenger, flight.id);
    const mine = chosen.get(passenger.id);
    if (mine) return fill(texts.newSeat, { seat: mine, previous: ticket.seat ?? '–' });
    return ticket.seat ? fill(texts.seat, { seat: ticket.seat }) : texts.noSeat;
  };

  return (
    <section className="check-in">
      {head}
      {facts}
      {found.flights.length > 1 && (
        <fieldset className="check-in-flights">
          <legend>{texts.chooseFlight}</legend>
          {found.flights.map((candidate) => (
            <label key={candidate.id}>
              <input
                type="radio"
                name="check-in-flight"
                checked={candidate.id === flight.id}
                onChange={() => openFlight(found, candidate.id)}
              />{' '}
              {candidate.number} · {candidate.origin.code}–{candidate.destination.code} ·{' '}
              {formatDateTime(candidate.departure, locale, { timeZone: candidate.origin.timezone })}
            </label>
          ))}
        </fieldset>
      )}
      {route}
      <fieldset className="check-in-passengers">
        <legend>{texts.who}</legend>
        <ul>
          {travellers.map(({ passenger, infants }) => {
            const ticket = ticketOf(passenger, flight.id);
            const selectable = canCheckIn(passenger, flight.id);
            return (
              <li key={passenger.id} className="card check-in-passenger">
                <div className="check-in-passenger-row">
                  <label>
                    <input
                      type="checkbox"
                      checked={ticked.includes(passenger.id)}
                      disabled={!selectable}
                      onChange={(event) => toggle(passenger.id, event.target.checked)}
                    />{' '}
                    <strong>{passenger.name}</strong> · {texts[passenger.ageType]}
                  </label>
                  <span className="check-in-seat">
                    {ticket.checkedIn && <span className="check-in-badge">{texts.checkedIn}</span>}{' '}
                    {seatText(passenger)}
                  </span>
                  {selectable && (
                    <span className="check-in-seat-actions">
                      {chosen.has(passenger.id) && (
                        <button
                          className="button button-light"
                          type="button"
                          onClick={() =>
                            setChosen(
                              (current) => new Map([...current].filter(([id]) => id !== passenger.id)),
                            )
                          }
                        >
                          {texts.keepSeat}
                        </button>
                      )}
                      <button
                        className="button button-light-outline"
                        type="button"
                        aria-expanded={picking === passenger.id}
                        aria-controls={
                          picking === passenger.id ? `check-in-seats-${passenger.id}` : undefined
                        }
                        aria-label={fill(texts.changeSeatFor, { name: passenger.name })}
                        onClick={() => setPicking(picking === passenger.id ? null : passenger.id)}
                      >
                        {texts.changeSeat}
                      </button>
                    </span>
                  )}
                </div>
                {infants.map((infant) => (
                  <p key={infant.id} className="check-in-infant">
                    <strong>{infant.name}</strong> · {texts.infant} ·{' '}
                    {fill(texts.onLap, { name: passenger.name })}
                    {ticketOf(infant, flight.id).checkedIn && (
                      <>
                        {' '}
                        <span className="check-in-badge">{texts.checkedIn}</span>
                      </>
                    )}
                  </p>
                ))}
                {picking === passenger.id && seatMapOf(passenger)}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      {!anyLeft && <p className="manage-state manage-paid">{texts.allCheckedIn}</p>}
      {anyLeft && ticked.length === 0 && <p className="manage-state">{texts.noneTicked}</p>}
      <p className="manage-actions">
        {anyLeft && (
          <button
            className="button button-primary"
            type="button"
            disabled={pending || ticked.length === 0}
            aria-busy={pending || undefined}
            onClick={confirm}
          >
            {pending ? texts.confirming : fill(texts.confirm, { count: people })}
          </button>
        )}
        {checkedInHere.length > 0 && (
          <button className="button button-light" type="button" onClick={() => goTo('passes', true)}>
            {texts.showPasses}
          </button>
        )}
      </p>
    </section>
  );
}

/** The codes whose texts the page hands over (errors.*). */
export const CHECK_IN_ERROR_CODES = CHECK_IN_REFUSALS;
