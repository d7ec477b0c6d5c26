import { saveFile } from '@flybook/client';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDate, formatDateTime } from '@flybook/locales/format';
import { type ManagedBooking, manageCalls } from '@flybook/schemas/manage';
import { reservationDocumentCalls } from '@flybook/schemas/reservation-documents';
import { type FormEvent, useEffect, useState } from 'react';
import { startCardPayment } from '../lib/card-payment.ts';
import {
  addressWithoutKey,
  MANAGE_KEY_STORAGE,
  type ManageFailure,
  manageFailureOf,
  manageLinkOf,
  storedKeyFor,
} from '../lib/manage-booking.ts';
import { fill, type Message } from '../lib/message.ts';
import { client } from '../lib/session.ts';

/** Where each text is in the catalogue; the page translates them at build time. */
export const MANAGE_BOOKING_TEXTS = {
  title: 'site.manage.title',
  intro: 'site.manage.intro',
  recordLocator: 'site.manage.recordLocator',
  recordLocatorHint: 'site.manage.recordLocatorHint',
  lastName: 'site.manage.lastName',
  submit: 'site.manage.submit',
  searching: 'site.manage.searching',
  loading: 'site.manage.loading',
  notFound: 'site.manage.notFound',
  failed: 'site.manage.failed',
  linkExpired: 'site.manage.linkExpired',
  reference: 'site.manage.reference',
  status: 'site.manage.status',
  flights: 'site.manage.flights',
  outbound: 'site.manage.outbound',
  return: 'site.manage.return',
  passengers: 'site.manage.passengers',
  noSeat: 'site.manage.noSeat',
  extras: 'site.manage.extras',
  adult: 'site.manage.adult',
  child: 'site.manage.child',
  infant: 'site.manage.infant',
  price: 'site.manage.price',
  fares: 'site.manage.fares',
  fees: 'site.manage.fees',
  seats: 'site.manage.seats',
  extrasTotal: 'site.manage.extrasTotal',
  changeFee: 'site.manage.changeFee',
  total: 'site.manage.total',
  agreedTotal: 'site.manage.agreedTotal',
  paid: 'site.manage.paid',
  open: 'site.manage.open',
  deadline: 'site.manage.deadline',
  paidInFull: 'site.manage.paidInFull',
  cancelled: 'site.manage.cancelled',
  priceHidden: 'site.manage.priceHidden',
  downloadTicket: 'site.manage.downloadTicket',
  downloadInvoice: 'site.manage.downloadInvoice',
  paying: 'site.manage.paying',
  documentUnavailable: 'site.manage.documentUnavailable',
  another: 'site.manage.another',
  checkIn: 'site.manage.checkIn',
  paymentIssue: 'payments.card.issue',
} as const;
export type ManageBookingTexts = Record<keyof typeof MANAGE_BOOKING_TEXTS, string> & {
  /** site.manage.tooMany: "Please wait 5 min". */
  tooMany: Message<'minutes'>;
  /** site.manage.seat: "Seat 12A". */
  seat: Message<'seat'>;
  /** site.manage.pay: "Pay CHF 120.00 by card". */
  pay: Message<'amount'>;
};

type View =
  | { kind: 'form'; failure?: ManageFailure | { kind: 'linkExpired' } }
  | { kind: 'busy'; text: string }
  | { kind: 'ready'; booking: ManagedBooking; accessKey: string };

function keep(recordLocator: string, accessKey: string) {
  try {
    sessionStorage.setItem(MANAGE_KEY_STORAGE, JSON.stringify({ recordLocator, accessKey }));
  } catch {
    // Storage off: the booking shows for this page view only.
  }
}

function stored(recordLocator: string) {
  try {
    return storedKeyFor(sessionStorage.getItem(MANAGE_KEY_STORAGE), recordLocator);
  } catch {
    return null;
  }
}

/**
 * Manage my booking (/booking/manage, docs/booking-manage.md): find a booking by its reference and a
 * last name, or open it from an e-mail link (`?ref=…&key=…`); then its flights, passengers, price,
 * paid and open, the ticket and invoice, and a card payment of what is open.
 */
export default function ManageBooking({
  texts,
  paymentErrors,
  statuses,
  locale,
  checkInPath,
}: {
  texts: ManageBookingTexts;
  paymentErrors: Record<string, string>;
  statuses: Record<string, string>;
  locale: Locale;
  /** The online check-in page in this language; a paid booking links there with its reference. */
  checkInPath: string;
}) {
  const [view, setView] = useState<View>({ kind: 'form' });
  // What was last looked up, to fill the form again after a failed look-up.
  const [recordLocator, setRecordLocator] = useState('');
  const [lastName, setLastName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const money = (amount: number) => formatChf(amount, locale);
  // Flights in each airport's local time, as the ticket prints them.
  const dateTimeAt = (iso: string, timeZone: string) =>
    formatDateTime(iso, locale, { weekday: 'short', timeZone });
  const day = (isoDate: string) => formatDate(isoDate.slice(0, 10), locale, { style: 'long' });

  // Opened from an e-mail link, or again in this tab: read the booking by its key.
  useEffect(() => {
    const link = manageLinkOf(window.location.search);
    const ref = new URLSearchParams(window.location.search).get('ref') ?? '';
    const known = link ?? (ref ? stored(ref) : null);
    if (link) {
      keep(link.recordLocator, link.accessKey);
      window.history.replaceState(window.history.state, '', addressWithoutKey(window.location.href));
    }
    if (!known) return;
    setRecordLocator(known.recordLocator);
    setView({ kind: 'busy', text: texts.loading });
    client
      .call(manageCalls.read, { query: { ...known, locale } })
      .then((booking) => setView({ kind: 'ready', booking, accessKey: known.accessKey }))
      .catch((error: unknown) => {
        const failure = manageFailureOf(error);
        setView({ kind: 'form', failure: failure.kind === 'notFound' ? { kind: 'linkExpired' } : failure });
      });
  }, [locale, texts.loading]);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form: what was typed before the island hydrated counts too.
    const form = new FormData(event.currentTarget);
    const recordLocator = String(form.get('recordLocator') ?? '');
    const lastName = String(form.get('lastName') ?? '');
    setRecordLocator(recordLocator);
    setLastName(lastName);
    setNotice(null);
    setView({ kind: 'busy', text: texts.searching });
    try {
      const found = await client.call(manageCalls.find, { body: { recordLocator, lastName, locale } });
      keep(found.reservation.recordLocator, found.accessKey);
      const url = new URL(window.location.href);
      url.searchParams.set('ref', found.reservation.recordLocator);
      window.history.replaceState(window.history.state, '', addressWithoutKey(url.href));
      setView({ kind: 'ready', booking: found.reservation, accessKey: found.accessKey });
    } catch (error) {
      setView({ kind: 'form', failure: manageFailureOf(error) });
    }
  }

  function another() {
    try {
      sessionStorage.removeItem(MANAGE_KEY_STORAGE);
    } catch {
      // Nothing kept.
    }
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setNotice(null);
    setRecordLocator('');
    setLastName('');
    setView({ kind: 'form' });
  }

  const download = (booking: ManagedBooking, accessKey: string, kind: 'ticket' | 'invoice') => {
    setNotice(null);
    return client
      .call(kind === 'ticket' ? reservationDocumentCalls.ticketPdf : reservationDocumentCalls.invoicePdf, {
        params: { id: booking.id, locale },
        query: { accessKey },
      })
      .then(saveFile)
      .catch(() => setNotice(texts.documentUnavailable));
  };

  async function pay(booking: ManagedBooking, accessKey: string) {
    setNotice(null);
    setPaying(true);
    try {
      const { paymentPageUrl } = await startCardPayment({
        reservationId: booking.id,
        amount: booking.payment.open ?? 0,
        locale,
        accessKey,
      });
      window.location.assign(paymentPageUrl);
    } catch (error) {
      const failure = manageFailureOf(error);
      const code = error instanceof Error && 'code' in error ? String(error.code) : '';
      setNotice(
        paymentErrors[code] ??
          (failure.kind === 'tooMany'
            ? fill(texts.tooMany, { minutes: failure.minutes })
            : texts.paymentIssue),
      );
      setPaying(false);
    }
  }

  const failureText = (failure: NonNullable<Extract<View, { kind: 'form' }>['failure']>) =>
    failure.kind === 'notFound'
      ? texts.notFound
      : failure.kind === 'linkExpired'
        ? texts.linkExpired
        : failure.kind === 'tooMany'
          ? fill(texts.tooMany, { minutes: failure.minutes })
          : texts.failed;

  if (view.kind === 'busy') {
    return (
      <section className="manage-booking">
        <h1>{texts.title}</h1>
        <p className="busy" role="status">
          {view.text}
        </p>
      </section>
    );
  }

  if (view.kind === 'form') {
    // No booking for this locator and name: both fields are marked, and say why.
    const unmatched = view.failure?.kind === 'notFound';
    return (
      <section className="manage-booking">
        <h1>{texts.title}</h1>
        <p>{texts.intro}</p>
        <form className="site-form manage-form" onSubmit={find}>
          {view.failure && (
            <p
              id="manage-failure"
              className={view.failure.kind === 'failed' ? 'form-error manage-failed' : 'form-error'}
              role="alert"
            >
              {failureText(view.failure)}
            </p>
          )}
          <label>
            <span>{texts.recordLocator}</span>
            <input
              name="recordLocator"
              defaultValue={recordLocator}
              required
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={unmatched ? 'manage-failure manage-locator-hint' : 'manage-locator-hint'}
              aria-invalid={unmatched ? true : undefined}
            />
            <small id="manage-locator-hint">{texts.recordLocatorHint}</small>
          </label>
          <label>
            <span>{texts.lastName}</span>
            <input
              name="lastName"
              defaultValue={lastName}
              required
              maxLength={100}
              autoComplete="family-name"
              aria-describedby={unmatched ? 'manage-failure' : undefined}
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

  const { booking, accessKey } = view;
  const { price, payment } = booking;
  const flightsById = new Map(booking.flights.map((flight) => [flight.id, flight]));
  const cancelled = booking.status === 'cancelled';
  const paidInFull = !cancelled && payment.open === 0;
  const priceLines: [string, number][] = price
    ? price.isAgreedTotal
      ? []
      : (
          [
            [texts.fares, price.fares],
            [texts.fees, price.fees],
            [texts.seats, price.seats],
            [texts.extrasTotal, price.extras],
            [texts.changeFee, price.changeFee],
          ] as [string, number][]
        ).filter(([label, amount]) => amount !== 0 || label === texts.fares)
    : [];

  return (
    <section className="manage-booking">
      <h1>{texts.title}</h1>
      <div className="manage-head">
        <dl className="manage-facts">
          <div>
            <dt>{texts.reference}</dt>
            <dd className="record-locator">{booking.recordLocator}</dd>
          </div>
          <div>
            <dt>{texts.status}</dt>
            <dd>{statuses[booking.status] ?? booking.status}</dd>
          </div>
          {/* A deadline means something only while money is open. */}
          {!cancelled && !paidInFull && payment.deadline && (
            <div>
              <dt>{texts.deadline}</dt>
              <dd>{day(payment.deadline)}</dd>
            </div>
          )}
        </dl>
        <button className="button button-light" type="button" onClick={another}>
          {texts.another}
        </button>
      </div>

      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      {cancelled && (
        <p className="manage-state manage-cancelled" role="status">
          {texts.cancelled}
        </p>
      )}
      {paidInFull && price && (
        <p className="manage-state manage-paid" role="status">
          {texts.paidInFull}
        </p>
      )}
      {!price && <p className="manage-state">{texts.priceHidden}</p>}

      <h2>{texts.flights}</h2>
      <ul className="manage-flights">
        {booking.flights.map((flight) => (
          <li key={flight.id} className="card manage-flight">
            <p className="manage-flight-head">
              <strong>{flight.direction === 'outbound' ? texts.outbound : texts.return}</strong> ·{' '}
              {flight.number} · {flight.airlineName} · {flight.tariffName}
            </p>
            <p className="manage-route">
              <span>
                <strong>{flight.origin.code}</strong> {flight.origin.name}
                <br />
                {dateTimeAt(flight.departure, flight.origin.timezone)}
              </span>
              <span aria-hidden="true">→</span>
              <span>
                <strong>{flight.destination.code}</strong> {flight.destination.name}
                <br />
                {dateTimeAt(flight.arrival, flight.destination.timezone)}
              </span>
            </p>
          </li>
        ))}
      </ul>

      <h2>{texts.passengers}</h2>
      <ul className="manage-passengers">
        {booking.passengers.map((passenger, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order (a booking's passengers), and names may repeat
          <li key={`${passenger.lastName}-${index}`} className="card">
            <p>
              <strong>
                {passenger.firstName} {passenger.lastName}
              </strong>{' '}
              · {texts[passenger.ageType]}
            </p>
            <ul>
              {passenger.tickets.map((ticket) => {
                const flight = flightsById.get(ticket.flightId);
                return (
                  <li key={ticket.flightId}>
                    {flight ? `${flight.origin.code}–${flight.destination.code} ${flight.number}: ` : ''}
                    {ticket.seatLabel ? fill(texts.seat, { seat: ticket.seatLabel }) : texts.noSeat}
                    {ticket.extras.length > 0 && (
                      <>
                        {' · '}
                        {texts.extras}: {ticket.extras.map((extra) => extra.title).join(', ')}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>

      {price && (
        <>
          <h2>{texts.price}</h2>
          <table className="manage-price">
            <tbody>
              {priceLines.map(([label, amount]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{money(amount)}</td>
                </tr>
              ))}
              <tr className="manage-total">
                <th scope="row">{price.isAgreedTotal ? texts.agreedTotal : texts.total}</th>
                <td>{money(price.total)}</td>
              </tr>
              <tr>
                <th scope="row">{texts.paid}</th>
                <td>{money(payment.paid ?? 0)}</td>
              </tr>
              {!cancelled && (
                <tr className="manage-open">
                  <th scope="row">{texts.open}</th>
                  <td>{money(payment.open ?? 0)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      )}

      <p className="manage-actions">
        {booking.can.payByCard && (
          <button
            className="button button-primary"
            type="button"
            disabled={paying}
            onClick={() => pay(booking, accessKey)}
          >
            {paying ? texts.paying : fill(texts.pay, { amount: money(payment.open ?? 0) })}
          </button>
        )}
        {/* Paid and not cancelled, as for the ticket: check-in itself says when its window opens. */}
        {booking.can.ticket && (
          <a
            className="button button-primary"
            href={`${checkInPath}?ref=${encodeURIComponent(booking.recordLocator)}`}
          >
            {texts.checkIn}
          </a>
        )}
        {booking.can.ticket && (
          <button
            className="button button-light"
            type="button"
            onClick={() => download(booking, accessKey, 'ticket')}
          >
            {texts.downloadTicket}
          </button>
        )}
        {booking.can.invoice && (
          <button
            className="button button-light"
            type="button"
            onClick={() => download(booking, accessKey, 'invoice')}
          >
            {texts.downloadInvoice}
          </button>
        )}
      </p>
    </section>
  );
}
