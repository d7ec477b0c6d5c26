import '../../app/form/form.css';
import '../../app/form/choice.css';
import '../reservations.css';
import './wizard.css';
import { adminPath, airportLocalTime, draftChoices } from '@flybook/domain';
import { type CalculateBody, type Reservation, reservationCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { FormLoading, FormPlaceholder } from '../../app/form/FormLayout.tsx';
import { isNotFound, RecordNotFound } from '../../app/LoadFailure.tsx';
import { useLocale } from '../../app/layout-parts.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { reservationBackPath } from '../back-path.ts';
import { DuplicatesDialog } from './DuplicatesDialog.tsx';
import { BillingStep } from './steps/BillingStep.tsx';
import { FlightStep } from './steps/FlightStep.tsx';
import { PassengersStep } from './steps/PassengersStep.tsx';
import { PaymentStep } from './steps/PaymentStep.tsx';
import { SeatsStep } from './steps/SeatsStep.tsx';
import { TravelDatesStep } from './steps/TravelDatesStep.tsx';
import { useCalculation, useFlightSearch } from './use-wizard-data.ts';
import { useWizardSave } from './use-wizard-save.ts';
import { WizardSummary } from './WizardSummary.tsx';
import { stepLabel, WizardContext, type WizardContextValue } from './wizard-context.ts';
import {
  chosenFlights,
  type Draft,
  draftFromReservation,
  mayOpenStep,
  newDraft,
  nextStepOf,
  previousStepOf,
  type StepId,
  stepFilled,
  stepsOf,
  type WizardFlight,
} from './wizard-model.ts';
import {
  bookedPriceOf,
  type WizardAccess,
  type WizardMode,
  withAutoSpecificPrice,
  wizardAccess,
} from './wizard-rules.ts';

/** What the price of a draft is asked for: its flights, party, options and seats. */
function calculationOf(draft: Draft, reservationId: number | null): CalculateBody | null {
  const flights = chosenFlights(draft);
  if (flights.length === 0 || draft.passengers.length === 0) return null;
  return {
    ...draftChoices(draft),
    passengers: draft.passengers.map((passenger) => ({ ageType: passenger.ageType })),
    ...(reservationId ? { reservationId } : {}),
  };
}

function Stepper({ draft, step, goTo }: { draft: Draft; step: StepId; goTo: (step: StepId) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="wizard-stepper" aria-label={t('reservations.wizard.stepsLabel')}>
      <ol>
        {stepsOf(draft.trip.travelType).map((candidate, index) => {
          const current = candidate === step;
          const open = mayOpenStep(draft, candidate);
          const done = !current && open && stepFilled(draft, candidate) && candidate !== 'payment';
          return (
            <li
              key={candidate}
              className={`wizard-stepper__step${current ? ' is-current' : ''}${done ? ' is-done' : ''}`}
            >
              <button
                type="button"
                className="wizard-stepper__button"
                aria-current={current ? 'step' : undefined}
                disabled={!open || current}
                onClick={() => goTo(candidate)}
              >
                <span className="wizard-stepper__number" aria-hidden="true">
                  {done ? '✓' : index + 1}
                </span>
                {stepLabel(t, candidate)}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The admin reservation wizard (spec 02 §2 /reservation/new and /reservation/edit/:id): travel
 * dates, outbound and return flight, billing, passengers, seats and payment, with the sticky
 * summary. The steps open as the booking fills; the price follows every change after 1 s.
 */
function ReservationWizard({
  mode,
  initial,
  reservation,
  access,
}: {
  mode: WizardMode;
  initial: Draft;
  reservation: Reservation | null;
  access: WizardAccess;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState(initial);
  const [step, setStep] = useState<StepId>('travelDates');
  const update = useCallback((change: (current: Draft) => Draft) => setDraft(change), []);
  const {
    cost,
    isCalculating,
    error: calculationError,
    retry: retryCalculation,
  } = useCalculation(calculationOf(draft, reservation?.id ?? null));

  // Spec 02 §4: while editing, a computed total other than the booked one sets the specific price.
  const bookedTotal = reservation ? bookedPriceOf(reservation.invoice) : undefined;
  useEffect(() => {
    if (mode !== 'edit' || isCalculating || !cost) return;
    setDraft((current) => {
      const payment = withAutoSpecificPrice(current.payment, access, cost.total, bookedTotal);
      return payment === current.payment ? current : { ...current, payment };
    });
  }, [mode, cost, isCalculating, access, bookedTotal]);

  const goTo = useCallback((next: StepId) => {
    setStep(next);
    document.getElementById('wizard-step-title')?.focus();
  }, []);
  const saving = useWizardSave({
    mode,
    access,
    reservation,
    backPath: (id) => reservationBackPath(params, id),
  });

  const context = useMemo<WizardContextValue>(
    () => ({
      mode,
      access,
      locale,
      draft,
      update,
      step,
      goTo,
      // Each step puts its data into the draft before it moves on. The steps' order depends only
      // on the travel type, which no step after the first changes.
      goNext: () => {
        const next = nextStepOf(draft, step);
        if (next) goTo(next);
      },
      goBack: () => {
        const previous = previousStepOf(draft, step);
        if (previous) goTo(previous);
      },
      reservation,
      cost,
      isCalculating,
      calculationError,
      retryCalculation,
    }),
    [
      mode,
      access,
      locale,
      draft,
      update,
      step,
      goTo,
      reservation,
      cost,
      isCalculating,
      calculationError,
      retryCalculation,
    ],
  );

  let content: ReactNode;
  switch (step) {
    case 'travelDates':
      content = <TravelDatesStep />;
      break;
    case 'outbound':
      content = <FlightStep key="outbound" direction="outbound" />;
      break;
    case 'return':
      content = <FlightStep key="return" direction="return" />;
      break;
    case 'billing':
      content = <BillingStep />;
      break;
    case 'passengers':
      content = <PassengersStep />;
      break;
    case 'seats':
      content = <SeatsStep />;
      break;
    case 'payment':
      content = (
        <PaymentStep
          onSave={() => saving.save(draft)}
          isSaving={saving.isSaving}
          problem={saving.problem}
          onMend={goTo}
        />
      );
      break;
  }

  const numberOf = (flightId: number) =>
    chosenFlights(draft).find((chosen) => chosen.flight.id === flightId)?.flight.number ?? `#${flightId}`;
  return (
    <WizardContext.Provider value={context}>
      <Stepper draft={draft} step={step} goTo={goTo} />
      <div className="wizard-layout">
        <div className="wizard-main">
          <h2 id="wizard-step-title" className="wizard-step__title" tabIndex={-1}>
            {stepLabel(t, step)}
          </h2>
          {content}
        </div>
        <WizardSummary />
      </div>
      {saving.duplicates ? (
        <DuplicatesDialog
          duplicates={saving.duplicates}
          flightNumber={numberOf}
          isPending={saving.isSaving}
          onConfirm={saving.confirmDuplicates}
          onCancel={saving.cancelDuplicates}
        />
      ) : null}
    </WizardContext.Provider>
  );
}

function Loading({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <FormLoading />
    </>
  );
}

/** New reservation (spec 02 §2 /reservation/new). */
export function ReservationNewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useRouteAccess();
  const access = useMemo(() => wizardAccess(user), [user]);
  const [initial] = useState(() => newDraft());
  return (
    <>
      <PageHeader
        title={t('reservations.wizard.newTitle')}
        back={{ to: reservationBackPath(params, null), label: t('reservations.history.back') }}
      />
      <ReservationWizard mode="new" initial={initial} reservation={null} access={access} />
    </>
  );
}

const ID = /^[1-9]\d{0,9}$/;
const localDay = (flight: Reservation['flights'][number]) =>
  airportLocalTime(flight.departure, flight.origin.timezone ?? 'UTC').date;

/** A booked flight as the wizard keeps it when no list it may read shows it (then without prices). */
function keptFlight(flight: Reservation['flights'][number]): WizardFlight {
  const place = (airport: Reservation['flights'][number]['origin']) => ({
    code: airport.code,
    timezone: airport.timezone ?? 'UTC',
    city: { de: airport.code, en: airport.code, fr: airport.code, sq: airport.code },
  });
  return {
    id: flight.id,
    number: flight.number,
    departure: flight.departure,
    arrival: flight.arrival,
    origin: place(flight.origin),
    destination: place(flight.destination),
    flightCompany: { name: '', code: '' },
    status:
      flight.status === 'created' || flight.status === 'closed' || flight.status === 'departed'
        ? flight.status
        : 'cancelled',
    isActive: true,
    isBookedOut: false,
    rate: { id: 0, priceList: [] },
    seatsByTariff: [],
  };
}

/** The reservation's flights as the flight lists show them (prices, seats), for the edit draft. */
function useBookedFlights(access: WizardAccess, reservation: Reservation | undefined) {
  const party = useMemo(
    () => (reservation?.passengers ?? []).map((passenger) => passenger.ageType),
    [reservation],
  );
  const search = (direction: 'outbound' | 'return') => {
    const flight = reservation?.flights.find((candidate) => candidate.direction === direction);
    return flight
      ? { origin: flight.origin.code, destination: flight.destination.code, day: localDay(flight), party }
      : null;
  };
  const outbound = useFlightSearch(access, 'edit', search('outbound'));
  const back = useFlightSearch(access, 'edit', search('return'));
  if (!reservation) return null;
  const resolve = (direction: 'outbound' | 'return', list: typeof outbound) => {
    const flight = reservation.flights.find((candidate) => candidate.direction === direction);
    if (!flight) return { ready: true, flight: null };
    if (list.isLoading) return { ready: false, flight: null };
    return {
      ready: true,
      flight: list.data?.find((candidate) => candidate.id === flight.id) ?? keptFlight(flight),
    };
  };
  const first = resolve('outbound', outbound);
  const second = resolve('return', back);
  if (!first.ready || !second.ready || !first.flight) return null;
  return { outbound: first.flight, return: second.flight };
}

/** Edit reservation (spec 02 §2 /reservation/edit/:reservationId); a cancelled one shows as such. */
export function ReservationEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { reservationId = '' } = useParams();
  const { client } = useServices();
  const { user } = useRouteAccess();
  const access = useMemo(() => wizardAccess(user), [user]);
  const valid = ID.test(reservationId);
  const id = valid ? Number(reservationId) : 0;
  const title = t('reservations.wizard.editTitle', { id: reservationId });
  const back = { to: reservationBackPath(params, valid ? id : null), label: t('reservations.history.back') };
  const reservation = useQuery({
    queryKey: ['reservation', id],
    enabled: valid,
    retry: false,
    queryFn: ({ signal }) => client.call(reservationCalls.get, { params: { id } }, { signal }),
  });
  const flights = useBookedFlights(access, reservation.data);
  const [initial, setInitial] = useState<Draft | null>(null);
  useEffect(() => {
    if (!initial && reservation.data && reservation.data.status !== 'cancelled' && flights) {
      setInitial(draftFromReservation(reservation.data, flights, localDay));
    }
  }, [initial, reservation.data, flights]);

  // Only a reservation the server does not have is "not found"; any other failure says why, with Retry.
  if (!valid || isNotFound(reservation.error)) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <RecordNotFound level={2} text={t('payments.notFound', { id: reservationId })} />
      </>
    );
  }
  if (reservation.isError) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <FormPlaceholder
          error={reservation.error}
          onRetry={() => reservation.refetch()}
          isRetrying={reservation.isFetching}
        />
      </>
    );
  }
  if (reservation.data?.status === 'cancelled') {
    return (
      <>
        <PageHeader title={title} back={back} />
        <div className="wizard-cancelled" role="status">
          <p className="wizard-cancelled__title">{t('reservations.wizard.cancelled')}</p>
          <p>{t('reservations.wizard.cancelledHint')}</p>
          <Link to={adminPath('reservationHistory', { reservationId: id })}>
            {t('reservations.actions.history')}
          </Link>
        </div>
      </>
    );
  }
  if (!initial || !reservation.data) return <Loading title={title} />;
  return (
    <>
      <PageHeader title={title} back={back} />
      <ReservationWizard mode="edit" initial={initial} reservation={reservation.data} access={access} />
    </>
  );
}
