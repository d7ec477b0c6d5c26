import { useCallback, useMemo, useState } from 'react';

type Choice<T, F> =
  | { all: false; rows: ReadonlyMap<number, T> }
  | { all: true; excluded: ReadonlySet<number>; filters: F };

/** A bulk call's selection: just `ids`, or (excluded = true) every record matching the filters except `ids`. */
export type ListSelectionQuery<F> = Partial<F> & { ids: number[]; excluded?: true };

export interface ListSelectionState<T, F> {
  isSelected: (row: T) => boolean;
  onChange: (rows: readonly T[], selected: boolean) => void;
  /** Every record matching `filters` (on all pages), except those unchecked afterwards. */
  selectAllMatching: (filters: F) => void;
  clear: () => void;
  /** "All matching" is chosen. */
  isAll: boolean;
  /** How many records are chosen, with `total` the number matching the filters. */
  count: (total: number) => number;
  /** The chosen records seen on the pages, or undefined when all matching are chosen. */
  rows: readonly T[] | undefined;
  /** The bulk calls' query: the ids, or (excluded = true) the filters and the unchecked ids. */
  query: () => ListSelectionQuery<F>;
}

/**
 * The records chosen for bulk actions on a server-paged list: single rows across pages, or "all
 * matching" the filters at the moment it was chosen, minus the rows unchecked since. The page
 * clears it when the filters change, so "all matching" never means other records than those listed.
 */
export function useListSelection<T extends { id: number }, F>(): ListSelectionState<T, F> {
  const [choice, setChoice] = useState<Choice<T, F>>({ all: false, rows: new Map() });

  const onChange = useCallback((rows: readonly T[], selected: boolean) => {
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

  const selectAllMatching = useCallback((filters: F) => {
    setChoice({ all: true, excluded: new Set(), filters });
  }, []);
  const clear = useCallback(() => setChoice({ all: false, rows: new Map() }), []);

  return useMemo<ListSelectionState<T, F>>(
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
          : ({ ids: [...choice.rows.keys()] } as ListSelectionQuery<F>),
    }),
    [choice, onChange, selectAllMatching, clear],
  );
}
