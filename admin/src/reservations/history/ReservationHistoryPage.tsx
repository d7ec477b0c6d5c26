import { formatChf, formatDate, formatDateTime } from '@flybook/locales/format';
import '../reservations.css';
import { saveFile } from '@flybook/client';
import { adminPath } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { reservationCalls, reservationDocumentCalls } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { FormLoading, FormPlaceholder } from '../../app/form/FormLayout.tsx';
import { currentLocale } from '../../app/i18n.ts';
import { isNotFound, RecordNotFound } from '../../app/LoadFailure.tsx';
import { useLocale } from '../../app/layout-parts.tsx';
import { failureNotice } from '../../app/notices.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import {
  flightParts,
  invoiceStatusLabel,
  paymentTermsLabel,
  reservationStatusLabel,
} from '../reservation-format.ts';
import {
  type ConsentField,
  type FlightRef,
  type SnapshotChange,
  snapshotChanges,
} from './snapshot-changes.ts';

const ID = /^[1-9]\d{0,9}$/;

/** A change as the page shows it: what changed, and the old and new value where there are two. */
interface ChangeLine {
  label: string;
  from?: string;
  to?: string;
  /** The history of the other reservation a split joined to this one. */
  link?: string;
}

const flightText = (flight: FlightRef, locale: Locale) => {
  const { route, departure } = flightParts(flight, locale);
  return `${route}, ${departure}`;
};

function billingLabel(t: TFunction, field: Extract<SnapshotChange, { kind: 'billing' }>['field']): string {
  switch (field) {
    case 'salutation':
      return t('reservations.history.billing.salutation');
    case 'company':
      return t('reservations.history.billing.company');
    case 'firstName':
      return t('reservations.history.billing.firstName');
    case 'lastName':
      return t('reservations.history.billing.lastName');
    case 'email':
      return t('reservations.history.billing.email');
    case 'street':
      return t('reservations.history.billing.street');
    case 'zip':
      return t('reservations.history.billing.zip');
    case 'city':
      return t('reservations.history.billing.city');
    case 'country':
      return t('reservations.history.billing.country');
    case 'birthday':
      return t('reservations.history.billing.birthday');
    case 'phoneMobile':
      return t('reservations.history.billing.phoneMobile');
    case 'phoneNumberFirst':
      return t('reservations.history.billing.phoneNumberFirst');
    case 'phoneNumberSecond':
      return t('reservations.history.billing.phoneNumberSecond');
  }
}

function passengerFieldLabel(
  t: TFunction,
  field: Extract<SnapshotChange, { kind: 'passengerField' }>['field'],
): string {
  switch (field) {
    case 'salutation':
      return t('reservations.history.billing.salutation');
    case 'gender':
      return t('reservations.history.gender');
    case 'ageType':
      return t('reservations.history.ageType');
    case 'birthday':
      return t('reservations.history.billing.birthday');
  }
}

function invoiceValue(
  t: TFunction,
  locale: Locale,
  field: Extract<SnapshotChange, { kind: 'invoice' }>['field'],
  value: string | number | boolean | null,
): string {
  if (value === null) return '–';
  switch (field) {
    case 'status':
      return invoiceStatusLabel(t, value as 'notPaid' | 'partly' | 'paid' | 'overpaid');
    case 'paymentTerms':
      return paymentTermsLabel(t, value as 'now' | 'later' | 'airport' | 'bill' | 'update');
    case 'total':
    case 'totalPaid':
    case 'updateFee':
      return typeof value === 'number' ? formatChf(value, locale) : String(value);
    case 'paymentDeadline':
      return formatDate(String(value), locale);
    case 'isSpecificPrice':
      return value ? t('reservations.history.yes') : t('reservations.history.no');
  }
}

function invoiceLabel(t: TFunction, field: Extract<SnapshotChange, { kind: 'invoice' }>['field']): string {
  switch (field) {
    case 'status':
      return t('reservations.columns.paymentStatus');
    case 'paymentTerms':
      return t('reservations.columns.paymentTerms');
    case 'total':
      return t('reservations.history.total');
    case 'totalPaid':
      return t('reservations.history.totalPaid');
    case 'paymentDeadline':
      return t('reservations.history.paymentDeadline');
    case 'isSpecificPrice':
      return t('reservations.history.specificPrice');
    case 'updateFee':
      return t('reservations.history.updateFee');
  }
}

function consentLabel(t: TFunction, field: ConsentField): string {
  switch (field) {
    case 'isBankInformation':
      return t('reservations.history.consent.isBankInformation');
    case 'isBookingInformation':
      return t('reservations.history.consent.isBookingInformation');
    case 'isPostInformation':
      return t('reservations.history.consent.isPostInformation');
  }
}

/** A change in the interface language (spec 02 §2: a readable difference between versions). */
export function changeLine(t: TFunction, locale: Locale, change: SnapshotChange): ChangeLine {
  const optionText = (option: Record<string, string> | number) =>
    typeof option === 'number' ? `#${option}` : (option[locale] ?? option.en ?? '');
  switch (change.kind) {
    case 'created':
      return {
        label: t('reservations.history.created', {
          flights: change.flights.map((flight) => flightText(flight, locale)).join('; '),
          passengers: change.passengers.join(', '),
        }),
        ...(change.total === undefined ? {} : { to: formatChf(change.total, locale) }),
      };
    case 'status':
      return {
        label: t('reservations.history.status'),
        from: reservationStatusLabel(t, change.from),
        to: reservationStatusLabel(t, change.to),
      };
    case 'flightAdded':
      return {
        label:
          change.direction === 'outbound'
            ? t('reservations.history.outboundAdded')
            : t('reservations.history.returnAdded'),
        to: flightText(change.flight, locale),
      };
    case 'flightRemoved':
      return {
        label:
          change.direction === 'outbound'
            ? t('reservations.history.outboundRemoved')
            : t('reservations.history.returnRemoved'),
        from: flightText(change.flight, locale),
      };
    case 'passengerAdded':
      return { label: t('reservations.history.passengerAdded'), to: change.passenger };
    case 'passengerRemoved':
      return { label: t('reservations.history.passengerRemoved'), from: change.passenger };
    case 'passengerRenamed':
      return { label: t('reservations.history.passengerRenamed'), from: change.from, to: change.to };
    case 'passengerField':
      return {
        label: `${change.passenger}: ${passengerFieldLabel(t, change.field)}`,
        from: change.from || '–',
        to: change.to || '–',
      };
    case 'seat':
      return {
        label: t('reservations.history.seat', { passenger: change.passenger, flight: change.flight }),
        from: change.from ?? t('reservations.history.noSeat'),
        to: change.to ?? t('reservations.history.noSeat'),
      };
    case 'tariff':
      return {
        label: t('reservations.history.tariff', { passenger: change.passenger, flight: change.flight }),
        from: `#${change.from}`,
        to: `#${change.to}`,
      };
    case 'optionAdded':
      return {
        label: t('reservations.history.optionAdded', { passenger: change.passenger, flight: change.flight }),
        to: optionText(change.option),
      };
    case 'optionRemoved':
      return {
        label: t('reservations.history.optionRemoved', {
          passenger: change.passenger,
          flight: change.flight,
        }),
        from: optionText(change.option),
      };
    case 'billing':
      return {
        label: `${t('reservations.history.billingContact')}: ${billingLabel(t, change.field)}`,
        from: change.from || '–',
        to: change.to || '–',
      };
    case 'invoice':
      return {
        label: invoiceLabel(t, change.field),
        from: invoiceValue(t, locale, change.field, change.from),
        to: invoiceValue(t, locale, change.field, change.to),
      };
    case 'comment':
      return { label: t('reservations.history.comment'), from: change.from || '–', to: change.to || '–' };
    case 'hidePrice':
      return {
        label: change.to ? t('reservations.history.priceHidden') : t('reservations.history.priceShown'),
      };
    case 'consent':
      return {
        label: consentLabel(t, change.field),
        to: change.to ? t('reservations.history.yes') : t('reservations.history.no'),
      };
    case 'splitFrom':
    case 'splitInto':
      return {
        label: t(`reservations.history.${change.kind}`, {
          id: change.reservation.id,
          reference: change.reservation.recordLocator,
        }),
        link: adminPath('reservationHistory', { reservationId: change.reservation.id }),
      };
  }
}

/** The credit note of a cancellation that gave money back, downloaded in the interface language. */
function CreditNoteButton({ reservationId }: { reservationId: number }) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const download = useMutation({
    mutationFn: async () =>
      saveFile(
        await client.call(reservationDocumentCalls.creditNotePdf, {
          params: { id: reservationId, locale: currentLocale(i18n) },
        }),
      ),
    onError: (error) => {
      const notice = failureNotice(t, toHttpError(error, translateError));
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });
  return (
    <Button variant="secondary" isPending={download.isPending} onPress={() => download.mutate()}>
      {t('reservations.actions.creditNote')}
    </Button>
  );
}

/**
 * Reservation history (spec 02 §2 /reservation/history/:reservationId): every saved version, newest
 * first, with its date, who saved it and what changed from the version before; "Snapshots not
 * found" when there are none. An unknown reservation shows Not Found, any other failure its
 * message with Retry.
 */
export function ReservationHistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const { reservationId = '' } = useParams();
  const valid = ID.test(reservationId);
  const snapshots = useQuery({
    queryKey: ['reservation', Number(reservationId), 'snapshots'],
    queryFn: ({ signal }) =>
      client.call(reservationCalls.snapshotList, { params: { id: Number(reservationId) } }, { signal }),
    enabled: valid,
    retry: false,
  });
  const items = snapshots.data?.items ?? [];
  // Oldest first to compare each version with the one before, shown newest first.
  const byVersion = [...items].sort((a, b) => a.version - b.version);
  const versions = byVersion
    .map((snapshot, index) => ({
      snapshot,
      // The version the cancellation wrote, when it gave money back: its credit note opens here.
      firstCreditNote:
        snapshot.snapshot.hasCreditNote === true && byVersion[index - 1]?.snapshot.hasCreditNote !== true,
      changes: snapshotChanges(
        index > 0 ? (byVersion[index - 1]?.snapshot ?? null) : null,
        snapshot.snapshot,
      ),
    }))
    .reverse();

  return (
    <>
      <PageHeader
        title={t('reservations.history.title', { id: reservationId })}
        back={{
          to: `${adminPath('reservationList')}${valid ? `?highlightReservationId=${reservationId}` : ''}`,
          label: t('reservations.history.back'),
        }}
      />
      {!valid || isNotFound(snapshots.error) ? (
        <RecordNotFound level={2} text={t('payments.notFound', { id: reservationId })} />
      ) : snapshots.isError ? (
        <FormPlaceholder
          error={snapshots.error}
          onRetry={() => snapshots.refetch()}
          isRetrying={snapshots.isFetching}
        />
      ) : snapshots.isLoading ? (
        <FormLoading />
      ) : versions.length === 0 ? (
        <div className="server-list__empty">
          <p className="server-list__empty-title">{t('reservations.history.empty')}</p>
        </div>
      ) : (
        <ol className="history">
          {versions.map(({ snapshot, changes, firstCreditNote }) => (
            <li key={snapshot.version} className="history__version">
              <h2 className="history__title">
                {t('reservations.history.version', { version: snapshot.version })}
                <span className="history__meta">
                  {formatDateTime(snapshot.datetime, locale)}
                  {' · '}
                  {snapshot.user?.displayName ?? t('reservations.history.system')}
                </span>
              </h2>
              {firstCreditNote ? <CreditNoteButton reservationId={Number(reservationId)} /> : null}
              {changes.length === 0 ? (
                <p className="history__none">{t('reservations.history.noChanges')}</p>
              ) : (
                <ul className="history__changes">
                  {changes.map((change, index) => {
                    const line = changeLine(t, locale, change);
                    return (
                      // The same change does not occur twice in one version: position is its identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <li key={index} className="history__change">
                        {line.link ? (
                          <Link className="history__label" to={line.link}>
                            {line.label}
                          </Link>
                        ) : (
                          <span className="history__label">{line.label}</span>
                        )}
                        {line.from !== undefined ? (
                          <del className="history__from">
                            <span className="fb-visually-hidden">{t('reservations.history.before')} </span>
                            {line.from}
                          </del>
                        ) : null}
                        {line.from !== undefined && line.to !== undefined ? (
                          <span aria-hidden="true" className="history__arrow">
                            →
                          </span>
                        ) : null}
                        {line.to !== undefined ? (
                          <ins className="history__to">
                            <span className="fb-visually-hidden">{t('reservations.history.after')} </span>
                            {line.to}
                          </ins>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
