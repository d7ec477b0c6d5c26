import type { Locale } from '@flybook/locales';
import { formatChf } from '@flybook/locales/format';
import { bookingCalls, type Cost } from '@flybook/schemas/booking';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  type BookingDraft,
  chosenFlights,
  filledSteps,
  seatedPassengers,
  withTrip,
} from '../booking/draft.ts';
import { Summary } from '../booking/Summary.tsx';
import { bookingErrorText, stepToMend } from '../booking/server-errors.ts';
import { $draft, updateDraft } from '../booking/state.ts';
import {
  breadcrumbs,
  firstOpenStep,
  mayOpen,
  nextStep,
  previousStep,
  type StepFacts,
  type StepName,
} from '../booking/steps.ts';
import type { TripFormTexts } from '../booking/TripForm.tsx';
import { readAddress, type UrlProblem } from '../booking/trip-search.ts';
import {
  ADDRESS_CHOICE_KEY,
  type PriceProblem,
  URL_PROBLEMS_KEY,
  WizardContext,
  type WizardContextValue,
} from '../booking/wizard-context.ts';
import type { WizardTexts } from '../booking/wizard-texts.ts';
import { type CallFailure, callFailureOf, failureText } from '../lib/failures.ts';
import { fill, type Message } from '../lib/message.ts';
import { leave } from '../lib/navigation.ts';
import { loadAirportNames } from '../lib/public-lookups.ts';
import { client } from '../lib/session.ts';

// Each step's code loads with its page only (the overview's payment code, the passengers' forms).
const STEP_VIEWS = {
  'travel-dates': lazy(() => import('../booking/steps/TravelDatesStep.tsx')),
  'select-flight-outbound': lazy(() => import('../booking/steps/FlightStep.tsx')),
  'select-flight-return': lazy(() => import('../booking/steps/FlightStep.tsx')),
  passengers: lazy(() => import('../booking/steps/PassengersStep.tsx')),
  'seat-reservation': lazy(() => import('../booking/steps/SeatStep.tsx')),
  'billing-information': lazy(() => import('../booking/steps/BillingStep.tsx')),
  'reservation-overview': lazy(() => import('../booking/steps/OverviewStep.tsx')),
} satisfies Record<StepName, unknown>;

/**
 * Why a calculation gave no price, for the summary: a refusal in the booking's words with the step
 * that mends it (the flights when no other step is known), a failure to answer with Retry.
 */
export function priceProblemOf(
  failure: CallFailure,
  draft: BookingDraft,
  { texts, errorTexts }: { texts: WizardTexts; errorTexts: Record<string, Message> },
  retry: () => void,
): PriceProblem {
  const chosen = { outbound: draft.outbound?.flight.id, return: draft.return?.flight.id };
  const message =
    failure.error.code === 'NETWORK'
      ? failureText(failure.error, {
          errors: errorTexts,
          unknown: texts.unknownError,
          network: texts.networkError,
        })
      : bookingErrorText(
          failure.error,
          {
            errors: errorTexts,
            directions: {
              outbound: texts.directionOutbound,
              return: texts.directionReturn,
              both: texts.directionBoth,
            },
            unknown: texts.unknownError,
          },
          false,
          chosen,
        );
  if (failure.kind === 'failed') return { message, mend: null, retry };
  return { message, mend: stepToMend(failure.error, chosen) ?? 'select-flight-outbound', retry: null };
}

/** The step machine's facts about a draft (seats: docs/booking-wizard.md). */
export const factsOf = (draft: BookingDraft): StepFacts => ({
  travelType: draft.trip?.travelType ?? 'return',
  seatsChoosable: seatedPassengers(draft).length > 0,
  filled: filledSteps(draft),
});

/**
 * The public booking (spec 02 §2): one island per step page, the booking kept in browser storage
 * between them. It reads the address, keeps the visitor to the steps they may open, shows the
 * breadcrumbs, the back link and the summary, and prices the booking as it changes.
 */
export default function BookingWizard({
  step,
  locale,
  texts,
  tripTexts,
  errorTexts,
  stepPaths,
  paths,
}: {
  step: StepName;
  locale: Locale;
  texts: WizardTexts;
  tripTexts: TripFormTexts;
  errorTexts: Record<string, Message>;
  stepPaths: Record<StepName, string>;
  paths: WizardContextValue['paths'];
}) {
  const draft = useStore($draft);
  const [ready, setReady] = useState(false);
  const [urlProblems, setUrlProblems] = useState<UrlProblem[]>([]);
  const [cost, setCost] = useState<Cost | null>(null);
  const [priceFailure, setPriceFailure] = useState<CallFailure | null>(null);
  // Retry of a calculation the server could not answer: the same body, asked again.
  const [priceAttempt, setPriceAttempt] = useState(0);
  const money = useCallback((amount: number) => formatChf(amount, locale), [locale]);
  const facts = factsOf(draft);

  // The address first: a search from the home page or the flights page starts (or keeps) the booking.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const query = new URLSearchParams(window.location.search);
      // Codes are checked against the airports when their list loads; without it, not at all (an
      // empty list would call every airport unknown).
      const airportList = ['airportFrom', 'airportTo', 'otherAirportFrom', 'otherAirportTo'].some((key) =>
        query.has(key),
      )
        ? new Set((await loadAirportNames(locale).catch(() => new Map<string, string>())).keys())
        : null;
      const airports = airportList?.size ? airportList : null;
      if (cancelled) return;
      if (step === 'travel-dates') {
        const carried = JSON.parse(sessionStorage.getItem(URL_PROBLEMS_KEY) ?? '[]') as UrlProblem[];
        sessionStorage.removeItem(URL_PROBLEMS_KEY);
        const own =
          [...query.keys()].length > 0 ? readAddress(query, { needTrip: false, airports }).problems : [];
        setUrlProblems(carried.length > 0 ? carried : own);
        setReady(true);
        return;
      }
      if ([...query.keys()].length > 0) {
        const reading = readAddress(query, { needTrip: true, airports });
        if (reading.problems.length > 0) {
          sessionStorage.setItem(URL_PROBLEMS_KEY, JSON.stringify(reading.problems));
          leave.replace(`${stepPaths['travel-dates']}${window.location.search}`);
          return;
        }
        updateDraft((current) => withTrip(current, reading.trip));
        sessionStorage.setItem(ADDRESS_CHOICE_KEY, JSON.stringify(reading.chosen));
        // The search is in the draft now; a clean address keeps a reload from searching again.
        window.history.replaceState(null, '', window.location.pathname);
      }
      const now = factsOf($draft.get());
      if (!mayOpen(step, now)) {
        leave.replace(stepPaths[firstOpenStep(now)]);
        return;
      }
      setReady(true);
    })().catch(() => {
      // Never "Loading…" for good: an address that cannot be read at all starts at travel dates.
      if (cancelled) return;
      if (step === 'travel-dates') setReady(true);
      else leave.replace(stepPaths['travel-dates']);
    });
    return () => {
      cancelled = true;
    };
  }, [step, stepPaths, locale]);

  // The price follows every change of flights, passengers, options and seats, debounced 1 s.
  const flights = chosenFlights(draft);
  const priceKey = JSON.stringify([
    flights.map((chosen) => [chosen.flight.id, chosen.tariffId]),
    draft.passengers.map((passenger) => passenger.ageType),
    draft.options,
    draft.seats,
    draft.reservation !== null,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: priceAttempt asks again for the same body
  useEffect(() => {
    const [bookedFlights, ageTypes, options, seats, booked] = JSON.parse(priceKey) as [
      [number, number][],
      ('adult' | 'child' | 'infant')[],
      BookingDraft['options'],
      BookingDraft['seats'],
      boolean,
    ];
    setPriceFailure(null);
    // Booked: the reservation holds the seats now, so asking again would be refused for them; the
    // price stays as the booking was made (and an answer on its way is dropped).
    if (booked) return;
    if (bookedFlights.length === 0 || ageTypes.length === 0) {
      setCost(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client
        .call(
          bookingCalls.calculate,
          {
            body: {
              bookedFlights: bookedFlights.map(([flightId, tariffId]) => ({
                flight: { id: flightId },
                tariff: { id: tariffId },
              })),
              passengers: ageTypes.map((ageType) => ({ ageType })),
              passengersOptions: options.map((option) => ({
                passenger: option.passenger,
                flight: { id: option.flightId },
                option: { id: option.optionId },
              })),
              passengersSeats: seats.map((seat) => ({
                passenger: seat.passenger,
                flight: { id: seat.flightId },
                seatLabel: seat.seatLabel,
              })),
            },
          },
          { signal: controller.signal },
        )
        .then(setCost)
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          // Never "Calculating…" for good: the summary says why there is no price.
          setCost(null);
          setPriceFailure(callFailureOf(failure));
        });
    }, 1000);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [priceKey, priceAttempt]);

  // The booking may change under an open step (a new search or a finished booking in another tab):
  // a step it no longer opens is left for the first one to fill, never rendered half-empty. Not the
  // payment step: it clears the booking itself once booked and goes on with its own copy.
  const open = step === 'reservation-overview' || mayOpen(step, facts);
  useEffect(() => {
    if (ready && !open) leave.replace(stepPaths[firstOpenStep(factsOf($draft.get()))]);
  }, [ready, open, stepPaths]);

  const previous = previousStep(step, facts);
  const StepView = STEP_VIEWS[step];
  const context: WizardContextValue = {
    step,
    draft,
    locale,
    texts,
    tripTexts,
    errorTexts,
    stepPath: (name) => stepPaths[name],
    goNext: () => {
      const next = nextStep(step, factsOf($draft.get()));
      if (next) leave.assign(stepPaths[next]);
    },
    cost,
    priceProblem:
      priceFailure &&
      priceProblemOf(priceFailure, draft, { texts, errorTexts }, () =>
        setPriceAttempt((attempt) => attempt + 1),
      ),
    paths,
    money,
  };

  return (
    <WizardContext.Provider value={context}>
      <div className="wizard">
        <h1>{texts.title}</h1>
        <nav aria-label={texts.crumbs}>
          <ol className="wizard-crumbs">
            {breadcrumbs(step, facts).map((crumb, index) => {
              const label = `${index + 1}. ${texts[`step.${crumb.step}`]}`;
              return (
                <li key={crumb.step} className={`crumb-${crumb.state}`}>
                  {crumb.canOpen ? (
                    <a href={stepPaths[crumb.step]}>{label}</a>
                  ) : (
                    <span aria-current={crumb.state === 'current' ? 'step' : undefined}>{label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
        {urlProblems.length > 0 && (
          <div className="form-error wizard-notice" role="alert">
            <p>{texts.urlProblems}</p>
            <ul>
              {urlProblems.map((problem) => (
                <li key={JSON.stringify(problem)}>
                  {fill(texts[`url.${problem.kind}`], {
                    fieldName: 'field' in problem ? problem.field : '',
                    validFormat: problem.kind === 'invalid' ? problem.format : '',
                    value: problem.kind === 'notFound' ? problem.value : '',
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className={step === 'reservation-overview' ? 'wizard-body' : 'wizard-body with-summary'}>
          <section className="wizard-main" aria-labelledby="step-title">
            {previous && (
              <a className="back-link" href={stepPaths[previous]}>
                ← {texts.back}
              </a>
            )}
            <h2 id="step-title">{texts[`step.${step}`]}</h2>
            {ready && open ? (
              <Suspense fallback={<p className="busy">{texts.loading}</p>}>
                <StepView />
              </Suspense>
            ) : (
              <p className="busy" role="status">
                {texts.loading}
              </p>
            )}
          </section>
          {step !== 'reservation-overview' && ready && open && <Summary />}
        </div>
      </div>
    </WizardContext.Provider>
  );
}
