import { isInvoiceSettled } from '@flybook/domain/payments';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDateTime } from '@flybook/locales/format';
import { type CardPageReservation, type CardPaymentStatus, paymentCalls } from '@flybook/schemas/payments';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  guestKeyForTransaction,
  outstandingOf,
  payOutstanding,
  transactionOfAddress,
} from '../lib/card-payment.ts';
import { callFailureOf, failureText } from '../lib/failures.ts';
import { fill, type Message, type Plural } from '../lib/message.ts';
import { leave } from '../lib/navigation.ts';
import { $session, client } from '../lib/session.ts';

/** Where each text is in the catalogue; the page translates them at build time. */
export const CARD_RESULT_TEXTS = {
  loading: 'site.cardResult.loading',
  waiting: 'site.cardResult.waiting',
  successTitle: 'site.cardResult.successTitle',
  bookingReference: 'site.cardResult.bookingReference',
  errorTitle: 'site.cardResult.errorTitle',
  cancelTitle: 'site.cardResult.cancelTitle',
  expiredTitle: 'site.cardResult.expiredTitle',
  toHome: 'site.cardResult.toHome',
  redirecting: 'site.cardResult.redirecting',
  myReservations: 'site.nav.accountReservations',
  payNow: 'site.cardResult.payNow',
  paying: 'site.cardResult.paying',
  notProcessed: 'site.cardResult.notProcessed',
  paymentIssue: 'payments.card.issue',
  expired: 'errors.ERROR_RESERVATION_EXPIRED',
  notFound: 'errors.ERROR_TRANSACTION_NOT_FOUND',
  notFoundTitle: 'notFound.title',
  uncheckedTitle: 'site.cardResult.uncheckedTitle',
  unchecked: 'site.cardResult.unchecked',
  retry: 'common.retry',
  networkError: 'common.networkError',
  /** The page's heading while the payment is being checked. */
  checkingTitle: 'payments.title',
  flights: 'payments.summary.flights',
  passengers: 'payments.summary.passengers',
  adult: 'payments.summary.adult',
  child: 'payments.summary.child',
  infant: 'payments.summary.infant',
  total: 'payments.summary.total',
  paid: 'payments.summary.paid',
  outstanding: 'payments.summary.outstanding',
} as const;
export type CardResultTexts = Record<keyof typeof CARD_RESULT_TEXTS, string> & {
  /** site.cardResult.successText: reservation and e-mail address. */
  successText: Message<'reference' | 'email'>;
  successTextNoEmail: Message<'reference'>;
  /** site.cardResult.minutesLeft: "held for 1 more minute", "for 12 more minutes". */
  minutesLeft: Plural;
  /** site.cardResult.seat: "Seat 12A". */
  seat: Message<'seat'>;
  /** errors.ERROR_INTERNAL: "Unknown Error. <the server's message>". */
  unknownError: Message<'details'>;
  /** payments.summary.title: "Reservation ABC234". */
  summaryTitle: Message<'id'>;
};

export type CardOutcome = 'success' | 'error' | 'cancel';

type View =
  | { kind: 'loading' }
  /** No transaction in the address, or the server has none by its id (404). */
  | { kind: 'notFound' }
  /** The server could not be asked (no connection, a failure of its own): nothing is known. */
  | { kind: 'unchecked'; reason: string }
  | { kind: 'ready'; reservation: CardPageReservation; status: CardPaymentStatus };

/** How long the success page waits for the provider's answer (the webhook may come a bit later). */
const POLL_EVERY_MS = 2_000;
const POLL_TIMES = 15;
/** How long a notice stays before the page goes home by itself. */
const HOME_AFTER_MS = 6_000;

const isPaid = (status: CardPaymentStatus) =>
  status.isBooked || isInvoiceSettled({ status: status.invoiceStatus });
const isExpired = (status: CardPaymentStatus) =>
  status.reservationStatus === 'cancelled' || (status.minutesLeft !== null && status.minutesLeft <= 0);
const isPending = (status: CardPaymentStatus) =>
  status.status === 'initialized' || status.status === 'authorized';

/**
 * The pages the card provider sends the payer back to (spec 02 §2): /datatrans/success,
 * /datatrans/error and /datatrans/cancel with the transaction's id. What they show follows the
 * transaction's real state, not only the address: a paid booking thanks, an expired one says so
 * and goes home, an open one offers Pay now within its payment window.
 */
export default function CardResult({
  outcome,
  texts,
  paymentErrors,
  locale,
  homePath,
  reservationsPath,
}: {
  outcome: CardOutcome;
  texts: CardResultTexts;
  paymentErrors: Record<string, string>;
  locale: Locale;
  homePath: string;
  reservationsPath: string;
}) {
  const session = useStore($session);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [gaveUpWaiting, setGaveUpWaiting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Retry after a check that got no answer starts the check again.
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt starts the check again
  useEffect(() => {
    const { transactionId, reservationId } = transactionOfAddress(window.location.search);
    if (!transactionId) {
      setView({ kind: 'notFound' });
      return;
    }
    // A guest's key (kept when the payment started, in this tab) or the session shows the people
    // too; another browser holding only the address sees the booking without them.
    const guestKey = guestKeyForTransaction(transactionId, reservationId);
    let stopped = false;
    setView({ kind: 'loading' });
    setGaveUpWaiting(false);
    (async () => {
      const reservation = await client.call(paymentCalls.transactionReservation, {
        params: { id: transactionId },
        query: guestKey ? { guestKey } : {},
      });
      for (let attempt = 0; !stopped; attempt++) {
        // Asking for the status also settles an authorized payment, as confirm would.
        const status = await client.call(paymentCalls.cardPaymentStatus, {
          params: { reservationId: reservation.id, id: transactionId },
        });
        if (stopped) return;
        setView({ kind: 'ready', reservation, status });
        const waitForAnswer = outcome === 'success' && !isPaid(status) && isPending(status);
        if (!waitForAnswer) return;
        if (attempt >= POLL_TIMES) return setGaveUpWaiting(true);
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      }
    })().catch((failure: unknown) => {
      if (stopped) return;
      // Only the server's "no such transaction" is one; a check that got no answer says so and
      // offers Retry: it must never tell a payer their booking has expired.
      const { kind, error } = callFailureOf(failure);
      if (kind === 'notFound') {
        setView({ kind: 'notFound' });
        return;
      }
      setView({
        kind: 'unchecked',
        reason: failureText(error, {
          errors: paymentErrors,
          unknown: texts.unknownError,
          network: texts.networkError,
        }),
      });
    });
    return () => {
      stopped = true;
    };
  }, [outcome, attempt]);

  const goesHome =
    view.kind === 'notFound' || (view.kind === 'ready' && !isPaid(view.status) && isExpired(view.status));
  useEffect(() => {
    if (!goesHome) return;
    const timer = setTimeout(() => leave.assign(homePath), HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [goesHome, homePath]);

  async function payNow(reservation: CardPageReservation) {
    setPaying(true);
    setNotice(null);
    const problem = await payOutstanding(reservation, {
      locale,
      errorTexts: paymentErrors,
      fallback: texts.paymentIssue,
    });
    if (problem) {
      setNotice(problem);
      setPaying(false);
    }
  }

  const homeLink = (
    <a className="button button-light-outline" href={homePath}>
      {texts.toHome}
    </a>
  );

  if (view.kind === 'loading') {
    return (
      <div className="auth-card card-result">
        <h1>{texts.checkingTitle}</h1>
        <p role="status" className="busy">
          {texts.loading}
        </p>
      </div>
    );
  }

  if (view.kind === 'unchecked') {
    return (
      <div className="auth-card card-result">
        <h1>{texts.uncheckedTitle}</h1>
        <div role="alert">
          <p>{texts.unchecked}</p>
          <p className="field-hint">{view.reason}</p>
        </div>
        <p className="hero-actions">
          <button
            className="button button-primary"
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
          >
            {texts.retry}
          </button>
          {homeLink}
        </p>
      </div>
    );
  }

  if (view.kind === 'notFound' || (isExpired(view.status) && !isPaid(view.status))) {
    return (
      <div className="auth-card card-result">
        <h1>{view.kind === 'notFound' ? texts.notFoundTitle : texts.expiredTitle}</h1>
        <p role="alert">{view.kind === 'notFound' ? texts.notFound : texts.expired}</p>
        <p className="field-hint">{texts.redirecting}</p>
        <p className="hero-actions">{homeLink}</p>
      </div>
    );
  }

  const { reservation, status } = view;

  if (isPaid(status)) {
    return (
      <div className="auth-card card-result">
        <h1>{texts.successTitle}</h1>
        <BookingReference reservation={reservation} texts={texts} />
        <p className="form-success" role="status">
          {reservation.billingInformation
            ? fill(texts.successText, {
                reference: reservation.recordLocator,
                email: reservation.billingInformation.email,
              })
            : fill(texts.successTextNoEmail, { reference: reservation.recordLocator })}
        </p>
        <p className="hero-actions">
          <a className="button button-primary" href={homePath}>
            {texts.toHome}
          </a>
          {session && (
            <a className="button button-light-outline" href={reservationsPath}>
              {texts.myReservations}
            </a>
          )}
        </p>
      </div>
    );
  }

  if (outcome === 'success' && isPending(status) && !gaveUpWaiting) {
    return (
      <div className="auth-card card-result">
        <h1>{texts.successTitle}</h1>
        <p role="status" className="busy">
          {texts.waiting}
        </p>
      </div>
    );
  }

  const minutes = status.minutesLeft ?? 0;
  return (
    <div className="card-result">
      <div className="auth-card">
        <h1>{outcome === 'cancel' ? texts.cancelTitle : texts.errorTitle}</h1>
        <BookingReference reservation={reservation} texts={texts} />
        <p role="alert">
          {outcome === 'cancel'
            ? fill(texts.minutesLeft, { count: minutes })
            : status.failMessage
              ? `${texts.notProcessed} (${status.failMessage})`
              : texts.notProcessed}
        </p>
        {outcome !== 'cancel' && <p>{fill(texts.minutesLeft, { count: minutes })}</p>}
        {notice && (
          <p className="form-error" role="alert">
            {notice}
          </p>
        )}
        <p className="hero-actions">
          <button
            className="button button-primary"
            type="button"
            disabled={paying}
            onClick={() => payNow(reservation)}
          >
            {paying ? texts.paying : texts.payNow}
          </button>
          {homeLink}
        </p>
      </div>
      <ReservationSummary reservation={reservation} texts={texts} locale={locale} />
    </div>
  );
}

/** The record locator, the reference the traveller quotes for this booking from now on. */
function BookingReference({
  reservation,
  texts,
}: {
  reservation: CardPageReservation;
  texts: CardResultTexts;
}) {
  return (
    <p className="booking-reference">
      <span>{texts.bookingReference}</span> <strong>{reservation.recordLocator}</strong>
    </p>
  );
}

/**
 * Flights, passengers with their seats and options, and the amounts (spec 02 §2 error page). The
 * passengers only when the answer has them (the guest key or a session that may read the booking).
 */
function ReservationSummary({
  reservation,
  texts,
  locale,
}: {
  reservation: CardPageReservation;
  texts: CardResultTexts;
  locale: Locale;
}) {
  const money = (amount: number) => formatChf(amount, locale);
  const flightNumber = new Map(reservation.flights.map((flight) => [flight.id, flight.number]));
  return (
    <section className="auth-card result-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{fill(texts.summaryTitle, { id: reservation.recordLocator })}</h2>
      <h3>{texts.flights}</h3>
      <ul>
        {reservation.flights.map((flight) => (
          <li key={flight.id}>
            <strong>{flight.number}</strong> {flight.origin.code} → {flight.destination.code} ·{' '}
            {formatDateTime(flight.departure, locale)}
          </li>
        ))}
      </ul>
      {reservation.passengers && (
        <>
          <h3>{texts.passengers}</h3>
          <ul>
            {reservation.passengers.map((passenger) => (
              <li key={passenger.id}>
                {passenger.firstName} {passenger.lastName} ({texts[passenger.ageType]})
                {passenger.tickets.map((ticket) => {
                  const extras = [
                    ticket.seatLabel ? fill(texts.seat, { seat: ticket.seatLabel }) : null,
                    ...ticket.options.map(
                      (item) => item.option.title?.[locale] ?? item.option.title?.en ?? null,
                    ),
                  ].filter(Boolean);
                  return extras.length > 0 ? (
                    <div key={ticket.flight.id} className="field-hint">
                      {flightNumber.get(ticket.flight.id)}: {extras.join(', ')}
                    </div>
                  ) : null;
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {reservation.invoice.total !== undefined && (
        <dl className="result-amounts">
          <div>
            <dt>{texts.total}</dt>
            <dd>{money(reservation.invoice.total)}</dd>
          </div>
          <div>
            <dt>{texts.paid}</dt>
            <dd>{money(reservation.invoice.totalPaid ?? 0)}</dd>
          </div>
          <div>
            <dt>{texts.outstanding}</dt>
            <dd>{money(outstandingOf(reservation.invoice))}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
