import type { SeatLegendState, SeatMapLabels } from '@flybook/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The seat map's texts in the interface language (seat states, a seat's accessible name, exit row,
 * legend), for the flight form's seat-map editor and the passenger list's seat popup. `overrides`
 * renames states where a page means something else by them (the passenger's own seat).
 */
export function useSeatMapTexts(
  overrides: Partial<Record<SeatLegendState, string>> = {},
): Omit<SeatMapLabels, 'tariffGroup'> {
  const { t } = useTranslation();
  const own = overrides.own;
  return useMemo(() => {
    const states: Record<SeatLegendState, string> = {
      free: t('flights.form.seatMap.states.free'),
      taken: t('flights.form.seatMap.states.taken'),
      disabled: t('flights.form.seatMap.states.disabled'),
      reserved: t('flights.form.seatMap.states.reserved'),
      own: own ?? t('flights.form.seatMap.states.own'),
      absent: t('flights.form.seatMap.states.absent'),
      selected: t('flights.form.seatMap.states.selected'),
    };
    return {
      seat: ({ label, className, price, state }) =>
        t('flights.form.seatMap.seat', { label, className, price, state: states[state] }),
      states,
      exitRow: t('flights.form.seatMap.exitRow'),
      legend: t('flights.form.seatMap.legend'),
    };
  }, [t, own]);
}
