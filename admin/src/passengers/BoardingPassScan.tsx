import { formatDate } from '@flybook/locales/format';
import { type Flight, type FlightPassenger, passengerCalls } from '@flybook/schemas';
import { TextField } from '@flybook/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import type { ErrorTranslator } from '../app/errors.ts';
import { toHttpError } from '../app/errors.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { loadFailureMessage } from '../app/notices.ts';
import { passengerName, sequenceText } from './passenger-columns.tsx';

type Outcome = { kind: 'appeared' | 'refused'; message: string; count: number };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SCAN_STATUS_ID = 'passenger-scan-status';
const SCAN_REFUSAL_ID = 'passenger-scan-refusal';

/**
 * "Anna Müller, seat 12A, sequence 007 — appeared": what the gate agent reads after a good scan (an
 * infant on the passenger's lap travels on their pass and is marked appeared with them).
 */
export function appearedMessage(t: TFunction, passenger: FlightPassenger): string {
  const name = passengerName(passenger);
  if (!passenger.checkIn) return t('passengers.marks.appearedDone', { name });
  const sequence = sequenceText(passenger.checkIn.sequenceNumber);
  return passenger.seatLabel
    ? t('passengers.scan.appeared', { name, seat: passenger.seatLabel, sequence })
    : t('passengers.scan.appearedNoSeat', { name, sequence });
}

/**
 * The gate's boarding pass scan (docs/passengers.md "Boarding by scan"): a handheld scanner types
 * the barcode's text and Enter into the field, the server marks its checked-in passenger appeared.
 * The outcome stays beside the field: the passenger, seat and sequence number, or the refusal in the
 * interface language with the field's text selected, so that the next scan replaces it. A scanner
 * that sends a pass twice gets one request: Enter is ignored while a scan is under way.
 */
export function BoardingPassScan({
  flight,
  onScanned,
}: {
  flight: Pick<Flight, 'id' | 'status'>;
  onScanned: (passenger: FlightPassenger) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { client, translateError } = useServices();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isPending, setPending] = useState(false);
  // The state above changes on the next render; a second Enter may come before it.
  const pending = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  // Another flight's pass names its date as the server reads it; shown as the page shows dates.
  const translate: ErrorTranslator = (code, params, fallback) => {
    const date = params?.date;
    const shown =
      typeof date === 'string' && ISO_DAY.test(date) ? { ...params, date: formatDate(date, locale) } : params;
    return translateError(code, shown, fallback);
  };

  const scan = async (scanned: string) => {
    const bcbp = scanned.replace(/[\r\n]+$/, '');
    if (pending.current || bcbp.trim() === '') return;
    pending.current = true;
    setPending(true);
    try {
      const passenger = await client.call(passengerCalls.scan, {
        params: { flightId: flight.id },
        body: { bcbp },
      });
      setOutcome((last) => ({
        kind: 'appeared',
        message: appearedMessage(t, passenger),
        count: (last?.count ?? 0) + 1,
      }));
      // Ready for the next pass, unless the scanner has begun typing it already.
      setText((current) => (current === scanned ? '' : current));
      onScanned(passenger);
    } catch (error) {
      const message = loadFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translate));
      setOutcome((last) => ({ kind: 'refused', message, count: (last?.count ?? 0) + 1 }));
      input.current?.focus();
      input.current?.select();
    } finally {
      pending.current = false;
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void scan(input.current?.value ?? text);
  };

  const refused = outcome?.kind === 'refused' && !isPending ? outcome : null;
  let status: ReactNode = null;
  if (isPending) {
    status = (
      <span className="passenger-scan__checking">
        <span className="spinner" aria-hidden="true" /> {t('passengers.scan.checking')}
      </span>
    );
  } else if (outcome?.kind === 'appeared') {
    status = (
      <span key={outcome.count} className="passenger-scan__appeared">
        {outcome.message}
      </span>
    );
  } else if (outcome === null) {
    status = <span className="passenger-scan__hint">{t('passengers.scan.hint')}</span>;
  }
  return (
    <form className="passenger-scan" aria-label={t('passengers.scan.region')} onSubmit={onSubmit}>
      <TextField
        className="passenger-scan__field"
        label={t('passengers.scan.label')}
        value={text}
        onChange={setText}
        inputRef={input}
        isInvalid={refused !== null}
        isDisabled={flight.status === 'cancelled'}
        autoFocus
        autoComplete="off"
        spellCheck="false"
        aria-describedby={refused ? SCAN_REFUSAL_ID : SCAN_STATUS_ID}
      />
      <div className="passenger-scan__outcome">
        {/* Always in the page (the hint until the first scan), so that what appears in it is announced. */}
        <p id={SCAN_STATUS_ID} className="passenger-scan__status" role="status">
          {status}
        </p>
        {refused ? (
          <p key={refused.count} id={SCAN_REFUSAL_ID} className="passenger-scan__refusal" role="alert">
            {refused.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
