import type { SeatMapLabels } from '@flybook/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The seat map's texts in the interface language, for every seat map of the back office (the flight
 * form, the reservation wizard); the caller adds the tariff groups' names.
 */
export function useSeatMapLabels(): Omit<SeatMapLabels, 'tariffGroup'> {
  const { t } = useTranslation();
  return useMemo(() => {
    const states = {
      free: t('flights.form.seatMap.states.free'),
      taken: t('flights.form.seatMap.states.taken'),
      disabled: t('flights.form.seatMap.states.disabled'),
      reserved: t('flights.form.seatMap.states.reserved'),
      own: t('flights.form.seatMap.states.own'),
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
  }, [t]);
}
