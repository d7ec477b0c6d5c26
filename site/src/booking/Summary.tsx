import { formatDateTime } from '@flybook/locales/format';
import { fill } from '../lib/message.ts';
import { type ChosenFlight, chosenFlights } from './draft.ts';
import { useWizard } from './wizard-context.ts';

/** The flight of one direction in a line: number, route, local departure, tariff. */
export function FlightLine({ chosen }: { chosen: ChosenFlight }) {
  const { locale } = useWizard();
  const { flight } = chosen;
  const tariff = flight.rate.priceList.find((entry) => entry.tariff.id === chosen.tariffId)?.tariff;
  return (
    <>
      <strong>{flight.number}</strong> {flight.origin.code} → {flight.destination.code}
      <br />
      {formatDateTime(flight.departure, locale, { weekday: 'short', timeZone: flight.origin.timezone })}
      {tariff && <> · {tariff.name[locale] ?? tariff.name.en}</>}
    </>
  );
}

/**
 * The booking's total, or why there is none (docs/decisions.md "Failure states"): a refused
 * calculation says the server's error in words and leads to the step that can mend it; one the
 * server could not answer offers Retry. Never "Calculating the price…" once the answer is in.
 */
export function PriceTotal({ className, quiet = false }: { className: string; quiet?: boolean }) {
  const wizard = useWizard();
  const { cost, texts, money, step, stepPath } = wizard;
  // `quiet` once booking has begun: a calculation answered then is about seats the booking itself
  // now holds, or repeats what the booking's own message says.
  const priceProblem = quiet ? null : wizard.priceProblem;
  const mend = priceProblem?.mend && priceProblem.mend !== step ? priceProblem.mend : null;
  return (
    <>
      <p className={className}>
        <span>{texts.total}</span>
        <strong aria-live="polite">
          {cost ? money(cost.total) : priceProblem ? '–' : texts.calculating}
        </strong>
      </p>
      {priceProblem && (
        <div className="form-error price-problem" role="alert">
          <p>{texts.priceFailed}</p>
          <p className="failure-reason">{priceProblem.message}</p>
          {(mend || priceProblem.retry) && (
            <p className="price-problem-actions">
              {mend && <a href={stepPath(mend)}>{fill(texts.goToStep, { step: texts[`step.${mend}`] })}</a>}
              {priceProblem.retry && (
                <button className="button button-light-outline" type="button" onClick={priceProblem.retry}>
                  {texts.retry}
                </button>
              )}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** Beside every step but the last: the trip so far, with links to change the flights (spec 02 §2). */
export function Summary() {
  const { draft, texts, stepPath } = useWizard();
  const trip = draft.trip;
  if (!trip) return null;
  const [outbound, back] = [draft.outbound, draft.return];
  return (
    <aside className="wizard-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{texts.summary}</h2>
      <p>
        {(['adult', 'child', 'infant'] as const)
          .filter((ageType) => trip[ageType] > 0)
          .map((ageType) => `${trip[ageType]} × ${texts[ageType]}`)
          .join(', ')}
      </p>
      <dl>
        <div>
          <dt>
            {texts.outbound} <a href={stepPath('select-flight-outbound')}>{texts.change}</a>
          </dt>
          <dd>{outbound ? <FlightLine chosen={outbound} /> : `${trip.airportFrom} → ${trip.airportTo}`}</dd>
        </div>
        {trip.travelType !== 'one-way' && (
          <div>
            <dt>
              {texts.return} <a href={stepPath('select-flight-return')}>{texts.change}</a>
            </dt>
            <dd>
              {back ? (
                <FlightLine chosen={back} />
              ) : trip.travelType === 'other-return' ? (
                `${trip.otherAirportFrom} → ${trip.otherAirportTo}`
              ) : (
                `${trip.airportTo} → ${trip.airportFrom}`
              )}
            </dd>
          </div>
        )}
      </dl>
      {chosenFlights(draft).length > 0 && <PriceTotal className="summary-total" />}
    </aside>
  );
}
