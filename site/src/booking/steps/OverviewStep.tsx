import { ApiRequestError } from '@flybook/client';
import { draftChoices } from '@flybook/domain';
import type { Country } from '@flybook/schemas/lookups';
import { reservationCalls } from '@flybook/schemas/reservations';
import { useEffect, useRef, useState } from 'react';
import { startCardPayment } from '../../lib/card-payment.ts';
import { countryNameOf, loadCountries } from '../../lib/countries.ts';
import { client } from '../../lib/session.ts';
import { chosenFlights, type MadeReservation, withReservation } from '../draft.ts';
import { FlightLine, PriceTotal } from '../Summary.tsx';
import { bookingErrorText, isSessionLapse, stepToMend } from '../server-errors.ts';
import { clearDraft, updateDraft } from '../state.ts';
import { useWizard } from '../wizard-context.ts';

type Payment =
  | { state: 'idle' }
  | { state: 'working' }
  | { state: 'inWindow' }
  | { state: 'failed'; message: string; mend: string | null }
  /** Nothing booked: the session lapsed; sign in again, or book as a guest by choice. */
  | { state: 'sessionLapsed' };

/** How often the page looks whether the payment window came back or was closed. */
const WATCH_MS = 400;

/**
 * Step 7, shown as Payment: the whole booking, then "Book and pay by card" creates the reservation,
 * starts the card payment (source customerReservation), clears the draft and opens the provider's
 * page in a window over the site. Closing that window goes to the cancel page; the provider's
 * answer opens the matching result page here (spec 02 §4).
 */
export default function OverviewStep() {
  const wizard = useWizard();
  const { texts, locale, errorTexts, stepPath, paths } = wizard;
  // The draft as it was when the visitor checked it: booking clears the stored one.
  const [draft] = useState(wizard.draft);
  const flights = chosenFlights(draft);
  const [accepted, setAccepted] = useState(false);
  const [termsProblem, setTermsProblem] = useState(false);
  const [payment, setPayment] = useState<Payment>({ state: 'idle' });
  const watcher = useRef<number | undefined>(undefined);
  // A reservation made before a failed payment start (kept in the draft, so a reload keeps it too).
  const created = useRef<MadeReservation | null>(draft.reservation);
  const chosenIds = { outbound: draft.outbound?.flight.id, return: draft.return?.flight.id };
  useEffect(() => () => window.clearInterval(watcher.current), []);
  const billing = draft.billing!;
  // The billing country by its name; its code until the list is known (or if it cannot be read).
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    loadCountries()
      .then(setCountries)
      .catch(() => undefined);
  }, []);

  async function book() {
    if (!accepted) {
      setTermsProblem(true);
      return;
    }
    setPayment({ state: 'working' });
    // Opened at the click itself, or browsers block it; it shows the provider's page once known.
    const popup = window.open('', 'flybook-payment', 'popup,width=560,height=760');
    try {
      // A booking made before a failed payment start is paid on retry, never booked twice.
      if (!created.current) {
        const made = await createReservation();
        created.current = made;
        updateDraft((current) => withReservation(current, made));
      }
      const { id, total, guestKey } = created.current;
      const { transactionId, paymentPageUrl } = await startCardPayment({
        reservationId: id,
        amount: total,
        locale,
        guestKey,
      });
      // The booking is made: a new visit starts afresh, whatever happens to the payment.
      clearDraft();
      if (!popup || popup.closed) {
        // Pop-ups blocked: the provider's page opens here instead and returns to the result pages.
        window.location.assign(paymentPageUrl);
        return;
      }
      popup.location.href = paymentPageUrl;
      setPayment({ state: 'inWindow' });
      watch(popup, id, transactionId);
    } catch (failure) {
      popup?.close();
      const error =
        failure instanceof ApiRequestError && failure.body?.errors[0]
          ? failure.body.errors[0]
          : { code: 'ERROR_INTERNAL', message: failure instanceof Error ? failure.message : '' };
      if (!created.current && isSessionLapse(error)) {
        // The client has forgotten the session; a second click books as a guest.
        setPayment({ state: 'sessionLapsed' });
        return;
      }
      const mend = created.current ? null : stepToMend(error, chosenIds);
      setPayment({
        state: 'failed',
        message: created.current
          ? texts.paymentIssue
          : bookingErrorText(
              error,
              {
                errors: errorTexts,
                directions: {
                  outbound: texts.directionOutbound,
                  return: texts.directionReturn,
                  both: texts.directionBoth,
                },
                unknown: texts.unknownError,
              },
              true,
              chosenIds,
            ),
        mend: mend ? stepPath(mend) : null,
      });
    }
  }

  /** POST reservation with the whole draft, paid now by card. */
  async function createReservation() {
    const reservation = await client.call(reservationCalls.create, {
      body: {
        ...draftChoices(draft),
        passengers: draft.passengers.map((passenger) => ({
          salutation: passenger.salutation,
          firstName: passenger.firstName,
          lastName: passenger.lastName,
          gender: passenger.gender === 'female' ? ('female' as const) : ('male' as const),
          ageType: passenger.ageType,
          birthday: passenger.birthday,
        })),
        billingInformation: {
          salutation: billing.salutation || 'mr',
          ...(billing.company ? { company: billing.company } : {}),
          firstName: billing.firstName,
          lastName: billing.lastName,
          email: billing.email,
          street: billing.street,
          zip: billing.zip,
          city: billing.city,
          country: billing.country,
          birthday: billing.birthday,
          phoneMobile: billing.phoneMobile,
          ...(billing.phoneNumberFirst ? { phoneNumberFirst: billing.phoneNumberFirst } : {}),
          ...(billing.phoneNumberSecond ? { phoneNumberSecond: billing.phoneNumberSecond } : {}),
          language: locale,
          isCreateAccount: billing.isCreateAccount,
          ...(billing.isCreateAccount
            ? { password: billing.password, passwordConfirm: billing.passwordConfirm }
            : {}),
        },
        paymentTerms: 'now',
      },
    });
    return {
      id: reservation.id,
      total: reservation.invoice.total ?? 0,
      ...(reservation.guestKey ? { guestKey: reservation.guestKey } : {}),
    };
  }

  /** Follows the payment window: back on our result pages it closes and this page goes there. */
  function watch(popup: Window, reservationId: number, transactionId: string) {
    watcher.current = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(watcher.current);
        const query = new URLSearchParams({
          transactionId,
          status: 'cancel',
          source: 'customerReservation',
          reservationId: String(reservationId),
        });
        window.location.assign(`${paths.cardCancel}?${query.toString()}`);
        return;
      }
      try {
        const href = popup.location.href; // readable only once the window is back on this site
        if (href.includes('/datatrans/')) {
          window.clearInterval(watcher.current);
          popup.close();
          window.location.assign(href);
        }
      } catch {
        // still on the provider's page
      }
    }, WATCH_MS);
  }

  return (
    <div className="overview">
      <div className="overview-grid">
        <section className="overview-card" aria-labelledby="overview-flights">
          <h2 id="overview-flights">{texts.summary}</h2>
          <ul>
            {flights.map((chosen, index) => (
              <li key={chosen.flight.id}>
                {index === 0 ? texts.outbound : texts.return}: <FlightLine chosen={chosen} />
              </li>
            ))}
          </ul>
        </section>
        <section className="overview-card" aria-labelledby="overview-passengers">
          <h2 id="overview-passengers">{texts['step.passengers']}</h2>
          <ul>
            {draft.passengers.map((passenger, index) => {
              const seats = draft.seats
                .filter((seat) => seat.passenger === index)
                .map((seat) => seat.seatLabel);
              const extras = draft.options
                .filter((option) => option.passenger === index)
                .map((option) => option.title?.[locale] ?? option.title?.en ?? '')
                .filter(Boolean);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: passengers are positions in the party
                <li key={index}>
                  {passenger.firstName} {passenger.lastName} · {texts[passenger.ageType]}
                  {seats.length > 0 && <> · {seats.join(', ')}</>}
                  {extras.length > 0 && <> · {extras.join(', ')}</>}
                </li>
              );
            })}
          </ul>
        </section>
        <section className="overview-card" aria-labelledby="overview-billing">
          <h2 id="overview-billing">{texts.billedTo}</h2>
          <p>
            {billing.firstName} {billing.lastName}
            {billing.company && <>, {billing.company}</>}
            <br />
            {billing.street}, {billing.zip} {billing.city},{' '}
            {countryNameOf(countries, billing.country, locale)}
            <br />
            {billing.email} · {billing.phoneMobile}
          </p>
        </section>
      </div>
      {/* Once booking has begun, what the booking says (refused, in the window) stands alone. */}
      <PriceTotal className="overview-total" quiet={payment.state !== 'idle'} />
      <div className="site-field">
        <label className="check">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              setTermsProblem(false);
            }}
            aria-invalid={termsProblem || undefined}
            aria-describedby={termsProblem ? 'terms-note' : undefined}
          />
          <span>
            {/* "I have read and accept the {terms}": the terms are a link. */}
            {(typeof texts.acceptTerms === 'string' ? [texts.acceptTerms] : texts.acceptTerms).map(
              (part, index) =>
                index % 2 === 0 ? (
                  part
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                  <a key={index} href={paths.terms} target="_blank" rel="noopener">
                    {texts.termsLink}
                  </a>
                ),
            )}
          </span>
        </label>
        {termsProblem && (
          <span id="terms-note" className="field-error">
            {texts.termsRequired}
          </span>
        )}
      </div>
      {payment.state === 'failed' && (
        <div className="form-error" role="alert">
          <p>{payment.message}</p>
          {payment.mend && (
            <p>
              <a href={payment.mend}>{texts.change}</a>
            </p>
          )}
        </div>
      )}
      {payment.state === 'sessionLapsed' && (
        <div className="form-error" role="alert">
          <p>{texts.sessionLapsed}</p>
          <p className="hero-actions">
            <a
              className="button button-primary"
              href={`${paths.login}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`}
            >
              {texts.signInAgain}
            </a>
            <button className="button button-light-outline" type="button" onClick={book}>
              {texts.bookAsGuest}
            </button>
          </p>
        </div>
      )}
      {payment.state === 'inWindow' && (
        <p className="busy" role="status">
          {texts.popupOpen}
        </p>
      )}
      <p className="wizard-actions">
        <button
          className="button button-primary"
          type="button"
          onClick={book}
          disabled={payment.state === 'working' || payment.state === 'inWindow'}
        >
          {payment.state === 'working' ? texts.paying : texts.payByCard}
        </button>
      </p>
    </div>
  );
}
