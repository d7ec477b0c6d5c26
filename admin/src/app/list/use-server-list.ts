import { type BaseRecord, type CrudFilter, type HttpError, type MetaQuery, useTable } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 03 §4 and §9: filter and page-size edits reload the list 1 s after the last change. */
export const LIST_RELOAD_DEBOUNCE_MS = 1000;

/** The page sizes offered; each list shows those up to its maximum, plus its own default. */
const PAGE_SIZE_CHOICES = [10, 15, 25, 50, 100, 250, 500] as const;

/**
 * A filter of the filter bar: search text, a toggle, a chosen value ('' for none), or the values
 * chosen in a multi-select (empty for none).
 */
export type ListFilterValue = string | boolean | readonly string[] | undefined;
export type ListFilterValues = Record<string, ListFilterValue>;

export type ListSortOrder = 'asc' | 'desc';
export interface ListSort {
  /** The column's id, which is the API's `sortBy` name (or mapped by the resource's `sortFields`). */
  field: string;
  order: ListSortOrder;
}

export interface ServerListOptions<F extends ListFilterValues> {
  /** The Refine resource of RESOURCE_CALLS whose list call pages the rows. */
  resource: string;
  /** The list's default and maximum page size (spec 03 §9). */
  defaultPageSize: number;
  maxPageSize: number;
  defaultSort: ListSort;
  /** The filter bar's starting values, e.g. `{ query: '', isActive: true }`. */
  initialFilters: F;
  /** Turns the filter bar's values into Refine filters; {@link filtersFromValues} by default. */
  toFilters?: (values: F) => CrudFilter[];
  debounceMs?: number;
  /** Passed to the data provider; `meta.params` fills the list call's path (`{ flightId }`). */
  meta?: MetaQuery;
}

/**
 * The default filter mapping: a text is sent trimmed under its own name, `true` is sent, a list of
 * chosen values is sent as a list, and empty texts, empty lists and `false` are left out. "Active
 * only" toggles work this way: on asks the API for active records only, off asks for all of them
 * (never for inactive only).
 */
export function filtersFromValues(values: ListFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() !== '') {
      filters.push({ field, operator: 'contains', value: value.trim() });
    } else if (value === true) {
      filters.push({ field, operator: 'eq', value: true });
    } else if (Array.isArray(value) && value.length > 0) {
      filters.push({ field, operator: 'in', value: [...value] });
    }
  }
  return filters;
}

/** The page sizes a list offers: the common choices up to its maximum, and its default. */
export function pageSizeChoices(defaultPageSize: number, maxPageSize: number): number[] {
  const choices = new Set<number>(PAGE_SIZE_CHOICES.filter((size) => size <= maxPageSize));
  choices.add(defaultPageSize);
  return [...choices].sort((a, b) => a - b);
}

export interface ServerListState<T extends BaseRecord, F extends ListFilterValues> {
  rows: T[];
  /** How many rows the pages before this one hold. */
  offset: number;
  /** Records matching the filters on all pages. */
  total: number;
  /** The API stopped counting: more than `total` records match, and the pages reach `total`. */
  totalIsCapped: boolean;
  /** Nothing loaded yet. */
  isLoading: boolean;
  /** A request is on its way (the first load, or a reload while the previous rows stay shown). */
  isFetching: boolean;
  isError: boolean;
  /**
   * Why the last request failed, while it has not succeeded since. With `rows` empty the list
   * could not be loaded for these filters; with rows, a reload of the same page failed and the rows
   * are the last answer (docs/decisions.md "Failure states").
   */
  error: unknown;
  /** Asks again after a failure (the list's Retry). */
  retry: () => void;
  /** The current page, from 1 (the API's page 0). */
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  /** The page size the filter bar shows (it reaches the request after the debounce). */
  pageSize: number;
  pageSizeChoices: readonly number[];
  setPageSize: (size: number) => void;
  sort: ListSort;
  setSort: (sort: ListSort) => void;
  /** What the filter bar shows right now; the request follows after the debounce. */
  filterValues: F;
  setFilter: (name: keyof F & string, value: ListFilterValue) => void;
}

/**
 * A server-paged list over Refine's `useTable` and our data provider (page from 0 on the wire,
 * `sortBy`/`sortOrder`, filters as query fields). Page and sort changes reload at once; filter and
 * page-size edits reload after {@link LIST_RELOAD_DEBOUNCE_MS} and go back to the first page
 * (spec 03 §4). A new sort also starts from the first page: the user re-sorts to see the top rows.
 * While a reload runs the previous rows stay on screen; when it fails they go (they answered other
 * filters), unless it was a reload of the same page.
 */
export function useServerList<T extends BaseRecord, F extends ListFilterValues>(
  options: ServerListOptions<F>,
): ServerListState<T, F> {
  const {
    resource,
    defaultPageSize,
    maxPageSize,
    defaultSort,
    initialFilters,
    toFilters = filtersFromValues,
    debounceMs = LIST_RELOAD_DEBOUNCE_MS,
    meta,
  } = options;

  const table = useTable<T, HttpError>({
    resource,
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize: defaultPageSize },
    sorters: { initial: [{ field: defaultSort.field, order: defaultSort.order }] },
    filters: { initial: toFilters(initialFilters), defaultBehavior: 'replace' },
    queryOptions: { placeholderData: (previous) => previous },
    ...(meta ? { meta } : {}),
    // The list shows its own failure, with the message and Retry, where the rows would be.
    errorNotification: false,
  });

  const [filterValues, setFilterValues] = useState<F>(initialFilters);
  const [pageSizeDraft, setPageSizeDraft] = useState(defaultPageSize);
  const draft = useRef({ filters: initialFilters, pageSize: defaultPageSize });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toFiltersRef = useRef(toFilters);
  toFiltersRef.current = toFilters;
  const { setFilters, setPageSize, setCurrentPage, setSorters } = table;

  useEffect(() => () => clearTimeout(timer.current), []);

  const scheduleReload = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // One render: filters, page size and page change together, so one request goes out.
      setFilters(toFiltersRef.current(draft.current.filters), 'replace');
      setPageSize(draft.current.pageSize);
      setCurrentPage(1);
    }, debounceMs);
  }, [debounceMs, setFilters, setPageSize, setCurrentPage]);

  const setFilter = useCallback(
    (name: keyof F & string, value: ListFilterValue) => {
      const next: F = { ...draft.current.filters, [name]: value };
      draft.current = { ...draft.current, filters: next };
      setFilterValues(next);
      scheduleReload();
    },
    [scheduleReload],
  );

  const changePageSize = useCallback(
    (size: number) => {
      const next = Math.min(Math.max(1, size), maxPageSize);
      draft.current = { ...draft.current, pageSize: next };
      setPageSizeDraft(next);
      scheduleReload();
    },
    [maxPageSize, scheduleReload],
  );

  const total = table.result.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / table.pageSize));
  const { currentPage } = table;

  // A page emptied by others (records deactivated, deleted) moves back to the last page there is.
  useEffect(() => {
    if (table.result.total !== undefined && currentPage > pageCount) setCurrentPage(pageCount);
  }, [table.result.total, currentPage, pageCount, setCurrentPage]);

  const firstSorter = table.sorters[0];
  const sort: ListSort = firstSorter
    ? { field: firstSorter.field, order: firstSorter.order === 'desc' ? 'desc' : 'asc' }
    : defaultSort;

  return {
    rows: table.result.data,
    offset: (currentPage - 1) * table.pageSize,
    total,
    totalIsCapped: table.tableQuery.data?.totalIsCapped === true,
    isLoading: table.tableQuery.isLoading,
    isFetching: table.tableQuery.isFetching,
    isError: table.tableQuery.isError,
    error: table.tableQuery.error ?? null,
    retry: () => void table.tableQuery.refetch(),
    page: currentPage,
    pageCount,
    setPage: (page) => setCurrentPage(Math.min(Math.max(1, page), pageCount)),
    pageSize: pageSizeDraft,
    pageSizeChoices: pageSizeChoices(defaultPageSize, maxPageSize),
    setPageSize: changePageSize,
    sort,
    setSort: (next) => {
      setSorters([{ field: next.field, order: next.order }]);
      setCurrentPage(1);
    },
    filterValues,
    setFilter,
  };
}
