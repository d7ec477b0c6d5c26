import type { Locale } from '@flybook/locales';
import type { AircraftSection } from '@flybook/schemas';
import { SeatMap, SeatMapEditor, type SeatMapEditorLabels } from '@flybook/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeatMapTexts } from '../../app/seat-map-labels.ts';

/** The seat-map popup's texts in the interface language. */
function useEditorLabels(): SeatMapEditorLabels {
  const { t } = useTranslation();
  const texts = useSeatMapTexts();
  return useMemo(
    () => ({
      ...texts,
      actionGroup: t('flights.form.seatMap.actionGroup'),
      actions: {
        select: t('flights.form.seatMap.actions.select'),
        disable: t('flights.form.seatMap.actions.disable'),
        reserve: t('flights.form.seatMap.actions.reserve'),
        hide: t('flights.form.seatMap.actions.hide'),
      },
      hint: t('flights.form.seatMap.hint'),
      price: t('flights.form.seatMap.price'),
      priceError: t('flights.form.seatMap.priceError'),
      apply: t('flights.form.seatMap.apply'),
      clearSelection: t('flights.form.seatMap.clearSelection'),
      selectedCount: (count) => t('flights.form.seatMap.selectedCount', { count }),
    }),
    [t, texts],
  );
}

/**
 * The flight's seat map in the template settings tab: the seat-map editor (select, disable,
 * reserve, hide, block select, price apply) over the flight's sections, or the map read-only.
 * Its own chunk: the form loads it when the tab is opened.
 */
export default function SeatMapPanel({
  sections,
  onChange,
  tariffGroupName,
  locale,
  takenSeatLabels,
  onTakenSeatsKept,
  readOnly,
  headingLevel,
}: {
  sections: AircraftSection[];
  onChange: (sections: AircraftSection[]) => void;
  /** Told which passengers' seats a hide left on the map (a template holds no passengers: none). */
  onTakenSeatsKept?: (labels: readonly string[]) => void;
  tariffGroupName: (id: number) => string;
  locale: Locale;
  /** Seats held by passengers: shown as taken and never hidden. */
  takenSeatLabels: ReadonlySet<string>;
  readOnly: boolean;
  /** The level of the sections' headings (3 by default: under the page's h2). */
  headingLevel?: 2 | 3 | 4;
}) {
  const labels = useEditorLabels();
  if (readOnly) {
    return (
      <SeatMap
        sections={sections}
        labels={{ ...labels, tariffGroup: tariffGroupName }}
        locale={locale}
        seatState={(label) => (takenSeatLabels.has(label) ? 'taken' : undefined)}
        headingLevel={headingLevel}
      />
    );
  }
  return (
    <SeatMapEditor
      value={sections}
      onChange={onChange}
      labels={labels}
      tariffGroupName={tariffGroupName}
      locale={locale}
      lockedLabels={takenSeatLabels}
      onLockedSeatsKept={onTakenSeatsKept}
      headingLevel={headingLevel}
    />
  );
}
