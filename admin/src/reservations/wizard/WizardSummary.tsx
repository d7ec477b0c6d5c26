import { ApiRequestError } from '@flybook/client';
import { airportLocalTime } from '@flybook/domain';
import { formatChf, formatDate } from '@flybook/locales/format';
import { Button } from '@flybook/ui';
import { TextField as AriaTextField, Label, TextArea } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { useLoadFailureMessage } from '../../app/LoadFailure.tsx';
import { ageTypeLabel } from './steps/PassengersStep.tsx';
import { stepLabel, useWizard } from './wizard-context.ts';
import { explainRefusal } from './wizard-errors.ts';
import { chosenFlights } from './wizard-model.ts';
import { readChf } from './wizard-rules.ts';

/**
 * Why the booking has no price: a refusal (4xx) says the server's error, which changing the booking
 * mends; a failure to answer offers Retry too.
 */
function CalculationFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  const { draft, step: current, goTo } = useWizard();
  const failureMessage = useLoadFailureMessage(error);
  const first = error instanceof ApiRequestError ? error.body?.errors[0] : undefined;
  // A request the client would not send (it broke its schema) is refused like a 422.
  const status = toHttpError(error, translateError).statusCode;
  const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 429;
  const chosen = { outbound: draft.outbound?.flight.id, return: draft.return?.flight.id };
  const refusal = refused && first ? explainRefusal(first, chosen, t, translateError) : null;
  const mend = refusal?.step && refusal.step !== current ? refusal.step : null;
  return (
    <div className="load-failure wizard-summary__failure">
      <div role="alert">
        <p className="load-failure__title">{t('reservations.wizard.summary.priceFailed')}</p>
        <p className="load-failure__message">{refusal?.text ?? failureMessage}</p>
      </div>
      <div className="load-failure__actions">
        {mend ? (
          <Button variant="link" onPress={() => goTo(mend)}>
            {t('reservations.wizard.summary.mend', { step: stepLabel(t, mend) })}
          </Button>
        ) : null}
        {/* A refusal is mended by changing the booking; asking again helps only a failure to answer. */}
        {refused ? null : (
          <Button variant="secondary" onPress={retry}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The sticky summary beside the wizard (spec 02 §2): flights, passenger tickets with seats and
 * extras, the total, the booked price and the comment (editable with ROLE_RESERVATION_CREATE_COMMENT).
 */
export function WizardSummary() {
  const { t } = useTranslation();
  const {
    draft,
    update,
    access,
    locale,
    cost,
    isCalculating,
    calculationError,
    retryCalculation,
    reservation,
    mode,
  } = useWizard();
  const flights = chosenFlights(draft);
  const specific = access.specificPrice ? readChf(draft.payment.specificPrice) : null;
  const numberOf = (flightId: number) =>
    flights.find((chosen) => chosen.flight.id === flightId)?.flight.number ?? '';

  return (
    <aside className="wizard-summary" aria-label={t('reservations.wizard.summary.title')}>
      <h2 className="wizard-summary__title">{t('reservations.wizard.summary.title')}</h2>
      <section>
        <h3 className="wizard-summary__heading">{t('reservations.wizard.summary.flights')}</h3>
        {flights.length === 0 ? (
          <p className="wizard-note">{t('reservations.wizard.summary.noFlights')}</p>
        ) : (
          <ul className="wizard-summary__list">
            {flights.map(({ flight, tariffId }, index) => {
              const departure = airportLocalTime(flight.departure, flight.origin.timezone);
              const tariff = flight.rate.priceList.find((entry) => entry.tariff.id === tariffId)?.tariff.name;
              return (
                <li key={flight.id}>
                  <strong>
                    {index === 0 ? t('reservations.wizard.outbound') : t('reservations.wizard.return')}:{' '}
                    {flight.number} {flight.origin.code} → {flight.destination.code}
                  </strong>
                  <span className="wizard-note">
                    {formatDate(departure.date, locale)}, {departure.time}
                    {tariff ? ` · ${tariff[locale] || tariff.en}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section>
        <h3 className="wizard-summary__heading">{t('reservations.wizard.summary.passengers')}</h3>
        <ul className="wizard-summary__list">
          {draft.passengers.map((passenger, index) => {
            const seats = draft.seats.filter((seat) => seat.passenger === index);
            const options = draft.options.filter((option) => option.passenger === index);
            const price = cost?.costForPassengers[index]?.total;
            const name = `${passenger.firstName} ${passenger.lastName}`.trim();
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a passenger is their position (seats and options say so too)
              <li key={index}>
                <span className="wizard-summary__line">
                  <strong>
                    {name || t('reservations.wizard.passengers.passenger', { number: index + 1 })}
                  </strong>
                  {price !== undefined ? <span>{formatChf(price, locale)}</span> : null}
                </span>
                <span className="wizard-note">
                  {ageTypeLabel(t, passenger.ageType)}
                  {seats.map(
                    (seat) =>
                      ` · ${t('reservations.wizard.summary.seat', { seat: seat.seatLabel, flight: numberOf(seat.flightId) })}`,
                  )}
                  {options.map(
                    (option) => ` · ${option.title?.[locale] || option.title?.en || `#${option.optionId}`}`,
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="wizard-summary__totals">
        <p className="wizard-summary__line">
          <span>{t('reservations.wizard.summary.total')}</span>
          <strong aria-live="polite">
            {isCalculating
              ? t('reservations.wizard.summary.calculating')
              : cost
                ? formatChf(cost.total, locale)
                : '–'}
          </strong>
        </p>
        {calculationError && !isCalculating ? (
          <CalculationFailure error={calculationError} retry={retryCalculation} />
        ) : null}
        {mode === 'edit' && reservation?.invoice.total !== undefined ? (
          <p className="wizard-summary__line">
            <span>{t('reservations.wizard.summary.booked')}</span>
            <span>{formatChf(reservation.invoice.total, locale)}</span>
          </p>
        ) : null}
        {specific !== null ? (
          <p className="wizard-summary__line">
            <span>{t('reservations.wizard.summary.specific')}</span>
            <strong>{formatChf(specific, locale)}</strong>
          </p>
        ) : null}
      </section>
      {access.comment ? (
        <AriaTextField
          className="fb-field"
          value={draft.payment.comment}
          onChange={(comment) =>
            update((current) => ({ ...current, payment: { ...current.payment, comment } }))
          }
          maxLength={2000}
        >
          <Label className="fb-field__label">{t('reservations.wizard.summary.comment')}</Label>
          <TextArea className="fb-field__input" rows={3} />
        </AriaTextField>
      ) : null}
    </aside>
  );
}
