import type { Locale } from '@flybook/locales';
import type { AircraftSection } from '@flybook/schemas';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { type Control, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormLoading } from '../../app/form/FormLayout.tsx';
import type { FlightFormOutput, FlightFormValues, SoldSeatsConflict } from './flight-form.ts';

const SeatMapPanel = lazy(() => import('./SeatMapPanel.tsx'));

type FormControl = Control<FlightFormValues, unknown, FlightFormOutput>;

const NO_SEATS: ReadonlySet<string> = new Set();

/**
 * The template settings tab (spec 03 §2): the flight's own seat map, copied from the chosen
 * template, edited in the seat-map editor. Seats held by passengers stay, and so many seats of a
 * tariff group as are sold: the tab says so when a hide is refused. On a flight whose passengers
 * hold seats, a new template's map is taken as it is (saving asks first).
 */
export function TemplateTab({
  control,
  onSectionsChange,
  locale,
  tariffGroupName,
  takenSeatLabels,
  templateIsNew,
  removesSeats,
  isLoading,
  loadFailed,
  isFrozen,
}: {
  control: FormControl;
  /** Takes the edited map (and the seat numbers that follow it), or refuses it: sold seats stay. */
  onSectionsChange: (sections: AircraftSection[]) => SoldSeatsConflict | null;
  locale: Locale;
  tariffGroupName: (id: number) => string;
  /** Seats held by passengers on the stored flight's map. */
  takenSeatLabels: readonly string[];
  /** The chosen template is not the stored flight's (or the flight is new). */
  templateIsNew: boolean;
  /** The new template replaces a map with seated passengers: their seats go. */
  removesSeats: boolean;
  isLoading: boolean;
  loadFailed: boolean;
  isFrozen: boolean;
}) {
  const { t } = useTranslation();
  const [templateId, sections, sectionsTemplateId] = useWatch({
    control,
    name: ['aircraftTemplateId', 'sections', 'sectionsTemplateId'],
  });
  const { errors } = useFormState({ control, name: 'sections' });
  const taken = useMemo(
    () => (templateIsNew ? NO_SEATS : new Set(takenSeatLabels)),
    [templateIsNew, takenSeatLabels],
  );
  const error = errors.sections?.message ?? errors.sections?.root?.message;
  // Why the last hide did not (wholly) happen: sold seats of a group, passengers' own seats.
  const [refused, setRefused] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);

  let body: ReactNode;
  if (templateId === '') {
    body = <p className="form-hint">{t('flights.form.template.chooseTemplate')}</p>;
  } else if (sections === null || sectionsTemplateId !== Number(templateId)) {
    body = loadFailed ? (
      <p className="form-hint">{t('flights.form.template.loadFailed')}</p>
    ) : isLoading ? (
      <FormLoading />
    ) : null;
  } else {
    const readOnly = isFrozen || removesSeats;
    body = (
      <>
        <p className="form-hint">
          {isFrozen
            ? t('flights.form.template.frozen')
            : removesSeats
              ? t('flights.form.template.replacesSeats')
              : taken.size > 0
                ? t('flights.form.template.takenHint', { count: taken.size })
                : t('flights.form.template.hint')}
        </p>
        {readOnly ? null : <p className="form-hint">{t('flights.form.template.totalsFollow')}</p>}
        {refused || kept ? (
          <div className="flight-form__map-notice" role="alert">
            {refused ? <p>{refused}</p> : null}
            {kept ? <p>{kept}</p> : null}
          </div>
        ) : null}
        <Suspense fallback={<FormLoading />}>
          <SeatMapPanel
            sections={sections}
            onChange={(next) => {
              const conflict = onSectionsChange(next);
              setKept(null);
              setRefused(
                conflict
                  ? t('flights.form.template.soldSeatsKept', {
                      group: tariffGroupName(conflict.tariffGroupId),
                      count: conflict.sold,
                      seats: conflict.mapSeats,
                    })
                  : null,
              );
            }}
            onTakenSeatsKept={(labels) =>
              setKept(
                t('flights.form.template.takenSeatsKept', { count: labels.length, seats: labels.join(', ') }),
              )
            }
            tariffGroupName={tariffGroupName}
            locale={locale}
            takenSeatLabels={taken}
            readOnly={readOnly}
          />
        </Suspense>
      </>
    );
  }
  return (
    <div className="flight-form__tab-body">
      {error ? (
        <p className="fb-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {body}
    </div>
  );
}
