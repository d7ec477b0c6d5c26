import type { FlightFilters, FlightListItem, FlightSelection } from '@flybook/schemas';
import { useCallback, useMemo, useState } from 'react';

type Choice =
  | { all: false; rows: ReadonlyMap<number, FlightListItem> }
  | { all: true; excluded: ReadonlySet<number>; filters: FlightFilters };

const NOTHING: Choice = { all: false, rows: new Map() };

export interface FlightSelectionState {
  isSelected: (row: FlightListItem) => boolean;
  onChange: (rows: readonly FlightListItem[], selected: boolean) => void;
  /** Every flight matching `filters` (on all pages), except those unchecked afterwards. */
  selectAllMatching: (filters: FlightFilters) => void;
  clear: () => void;
  /** "All matching" is chosen. */
  isAll: boolean;
  /** How many flights are chosen, with `total` the number matching the filters. */
  count: (total: number) => number;
  /** The chosen flights seen on the pages, or undefined when all matching are chosen. */
  rows: readonly FlightListItem[] | undefined;
  /** The bulk calls' query: the ids, or (excluded = true) the filters and the unchecked ids. */
  query: () => FlightSelection;
}

/**
 * The flights chosen for bulk actions: single rows across pages, or "all matching" the filters
 * at the moment it was chosen, minus the rows unchecked since. The page clears it when the
 * filters change, so "all matching" never means other flights than those listed.
 */
export function useFlightSelection(): FlightSelectionState {
  const [choice, setChoice] = useState<Choice>(NOTHING);

  const onChange = useCallback((rows: readonly FlightListItem[], selected: boolean) => {
    setChoice((current) => {
      if (current.all) {
        const excluded = new Set(current.excluded);
        for (const row of rows) {
          if (selected) excluded.delete(row.id);
          else excluded.add(row.id);
        }
        return { ...current, excluded };
      }
      const chosen = new Map(current.rows);
      for (const row of rows) {
        if (selected) chosen.set(row.id, row);
        else chosen.delete(row.id);
      }
      return { all: false, rows: chosen };
    });
  }, []);

  const selectAllMatching = useCallback((filters: FlightFilters) => {
    setChoice({ all: true, excluded: new Set(), filters });
  }, []);
  const clear = useCallback(() => setChoice(NOTHING), []);

  return useMemo<FlightSelectionState>(
    () => ({
      isSelected: (row) => (choice.all ? !choice.excluded.has(row.id) : choice.rows.has(row.id)),
      onChange,
      selectAllMatching,
      clear,
      isAll: choice.all,
      count: (total) => (choice.all ? Math.max(0, total - choice.excluded.size) : choice.rows.size),
      rows: choice.all ? undefined : [...choice.rows.values()],
      query: () =>
        choice.all
          ? { ...choice.filters, ids: [...choice.excluded], excluded: true }
          : { ids: [...choice.rows.keys()] },
    }),
    [choice, onChange, selectAllMatching, clear],
  );
}
