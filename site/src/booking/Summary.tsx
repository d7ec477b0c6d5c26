import { formatDateTime } from '@flybook/locales/format';
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

/** Beside every step but the last: the trip so far, with links to change the flights (spec 02 §2). */
export function Summary() {
  const { draft, texts, stepPath, cost, money } = useWizard();
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
      {chosenFlights(draft).length > 0 && (
        <p className="summary-total">
          <span>{texts.total}</span>
          <strong aria-live="polite">{cost ? money(cost.total) : texts.calculating}</strong>
        </p>
      )}
    </aside>
  );
}
