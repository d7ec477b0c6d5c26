import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import type { PaymentTerms, ReservationStatus } from '@flybook/schemas';
import type { TFunction } from 'i18next';

export type InvoiceStatus = 'notPaid' | 'partly' | 'paid' | 'overpaid';

export function reservationStatusLabel(t: TFunction, status: ReservationStatus): string {
  switch (status) {
    case 'created':
      return t('reservations.status.created');
    case 'reserved':
      return t('reservations.status.reserved');
    case 'confirmed':
      return t('reservations.status.confirmed');
    case 'cancelled':
      return t('reservations.status.cancelled');
  }
}

export function invoiceStatusLabel(t: TFunction, status: InvoiceStatus): string {
  switch (status) {
    case 'notPaid':
      return t('reservations.invoiceStatus.notPaid');
    case 'partly':
      return t('reservations.invoiceStatus.partly');
    case 'paid':
      return t('reservations.invoiceStatus.paid');
    case 'overpaid':
      return t('reservations.invoiceStatus.overpaid');
  }
}

export function paymentTermsLabel(t: TFunction, terms: PaymentTerms): string {
  switch (terms) {
    case 'now':
      return t('reservations.terms.now');
    case 'later':
      return t('reservations.terms.later');
    case 'airport':
      return t('reservations.terms.airport');
    case 'bill':
      return t('reservations.terms.bill');
    case 'update':
      return t('reservations.terms.update');
  }
}

interface FlightOfReservation {
  number: string;
  departure: string;
  origin: { code: string; timezone?: string | undefined };
  destination: { code: string };
}

/**
 * A booked flight as the lists print it: "FB100 ZRH → PRN" and its departure in the origin's local
 * time, as airlines print times: "Fri 4 Dec 2026, 06:30" (UTC where the time zone is not known,
 * marked so: snapshots older than the time zones).
 */
export function flightParts(
  flight: FlightOfReservation,
  locale: Locale,
): { route: string; departure: string } {
  const timeZone = flight.origin.timezone ?? 'UTC';
  const zone = flight.origin.timezone ? '' : ' UTC';
  return {
    route: `${flight.number} ${flight.origin.code} → ${flight.destination.code}`,
    departure: `${formatDateTime(flight.departure, locale, { weekday: 'short', timeZone })}${zone}`,
  };
}
