import type { FlightFilters, FlightListItem } from '@flybook/schemas';
import { type ListSelectionState, useListSelection } from '../../app/list/use-list-selection.ts';

export type FlightSelectionState = ListSelectionState<FlightListItem, FlightFilters>;

/** The flights chosen for bulk actions: rows across pages, or all matching the filters (app/list). */
export const useFlightSelection = (): FlightSelectionState =>
  useListSelection<FlightListItem, FlightFilters>();
