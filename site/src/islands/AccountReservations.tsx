import { saveFile } from '@flybook/client';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDateTime } from '@flybook/locales/format';
import { reservationDocumentCalls } from '@flybook/schemas/reservation-documents';
import { type ReservationListItem, reservationListCalls } from '@flybook/schemas/reservation-lists';
import { useEffect, useState } from 'react';
import { AccountHead } from '../lib/AccountHead.tsx';
import { accountOffers } from '../lib/account-offers.ts';
import { useAccountSession } from '../lib/account-session.ts';
import { payOutstanding } from '../lib/card-payment.ts';
import { callFailureOf, failureText } from '../lib/failures.ts';
import type { Message } from '../lib/message.ts';
import { client } from '../lib/session.ts';

export interface AccountTexts {
  title: string;
  empty: string;
  loading: string;
  error: string;
  retry: string;
  networkError: string;
  unknownError: Message<'details'>;
  logout: string;
  reservation: string;
  bookingReference: string;
  flights: string;
  status: string;
  total: string;
  paid: string;
  documents: string;
  ticket: string;
  invoice: string;
  documentUnavailable: string;
  bookFlight: string;
  payNow: string;
  paying: string;
  paymentIssue: string;
  /** The catalogue's `errors.<CODE>` for a payment that cannot start (expired, paid meanwhile…). */
  paymentErrors: Record<string, string>;
  statuses: Record<string, string>;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; items: ReservationListItem[] };

/**
 * The customer's own reservations (spec 01 §2 /account/reservations): status, flights, total and
 * paid, with ticket and invoice PDFs. The server decides which documents a reader may have.
 */
export default function AccountReservations({
  texts,
  locale,
  loginPath,
  homePath,
  bookingPath,
}: {
  texts: AccountTexts;
  locale: Locale;
  loginPath: string;
  homePath: string;
  bookingPath: string;
}) {
  const { session, logout } = useAccountSession({ loginPath, homePath });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const money = (amount: number) => formatChf(amount, locale);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt (Retry) asks again
  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    client
      .call(reservationListCalls.ownList, { query: { pageSize: 50 } }, { signal: controller.signal })
      .then((page) => setLoad({ state: 'ready', items: page.items }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const reason = failureText(callFailureOf(failure).error, {
          errors: {},
          unknown: texts.unknownError,
          network: texts.networkError,
        });
        setLoad({ state: 'failed', reason });
      });
    return () => controller.abort();
  }, [session, attempt]);

  const download = (id: number, kind: 'ticket' | 'invoice') => {
    setNotice(null);
    return client
      .call(kind === 'ticket' ? reservationDocumentCalls.ticketPdf : reservationDocumentCalls.invoicePdf, {
        params: { id, locale },
      })
      .then(saveFile)
      .catch(() => setNotice(texts.documentUnavailable));
  };

  async function payNow(item: ReservationListItem) {
    setNotice(null);
    setPaying(item.id);
    const problem = await payOutstanding(item, {
      locale,
      errorTexts: texts.paymentErrors,
      fallback: texts.paymentIssue,
    });
    if (problem) {
      setNotice(problem);
      setPaying(null);
    }
  }

  return (
    <section className="account">
      <AccountHead
        title={texts.title}
        logoutText={texts.logout}
        onLogout={logout}
        loggedIn={Boolean(session)}
      />
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p role="status">{texts.loading}</p>}
      {load.state === 'failed' && (
        <div className="form-error load-failure">
          <div role="alert">
            <p>{texts.error}</p>
            <p className="failure-reason">{load.reason}</p>
          </div>
          <button
            className="button button-light-outline"
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {texts.retry}
          </button>
        </div>
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <div className="empty-state">
          <p>{texts.empty}</p>
          <a className="button button-primary" href={bookingPath}>
            {texts.bookFlight}
          </a>
        </div>
      )}
      {load.state === 'ready' && load.items.length > 0 && (
        <table className="account-table">
          <thead>
            <tr>
              <th scope="col">{texts.bookingReference}</th>
              <th scope="col">{texts.flights}</th>
              <th scope="col">{texts.status}</th>
              <th scope="col">{texts.total}</th>
              <th scope="col">{texts.paid}</th>
              <th scope="col">{texts.documents}</th>
            </tr>
          </thead>
          <tbody>
            {load.items
              .map((item) => ({ item, offers: accountOffers(item) }))
              .map(({ item, offers }) => (
                <tr key={item.id}>
                  <td data-label={texts.bookingReference} className="booking-reference-cell">
                    {item.recordLocator}
                  </td>
                  <td data-label={texts.flights}>
                    {item.flights.map((flight) => (
                      <div key={flight.id}>
                        <strong>{flight.number}</strong> {flight.origin.code} → {flight.destination.code} ·{' '}
                        {formatDateTime(flight.departure, locale)}
                      </div>
                    ))}
                  </td>
                  <td data-label={texts.status}>{texts.statuses[item.status] ?? item.status}</td>
                  <td data-label={texts.total}>
                    {item.invoice.total === undefined ? '–' : money(item.invoice.total)}
                  </td>
                  <td data-label={texts.paid}>
                    {item.invoice.totalPaid === undefined ? '–' : money(item.invoice.totalPaid)}
                  </td>
                  <td className="account-documents">
                    {offers.payNow && (
                      <button
                        className="button button-primary"
                        type="button"
                        disabled={paying !== null}
                        onClick={() => payNow(item)}
                      >
                        {paying === item.id ? texts.paying : texts.payNow}
                      </button>
                    )}
                    {offers.documents && (
                      <>
                        <button
                          className="link-button"
                          type="button"
                          onClick={() => download(item.id, 'ticket')}
                        >
                          {texts.ticket}
                        </button>
                        <button
                          className="link-button"
                          type="button"
                          onClick={() => download(item.id, 'invoice')}
                        >
                          {texts.invoice}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
