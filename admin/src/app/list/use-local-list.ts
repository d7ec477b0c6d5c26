import type { BaseRecord } from '@refinedev/core';
import { useMemo, useState } from 'react';
import {
  type ListFilterValue,
  type ListFilterValues,
  type ListSort,
  pageSizeChoices,
  type ServerListState,
} from './use-server-list.ts';

export interface LocalListOptions<T extends BaseRecord, F extends ListFilterValues> {
  /** Every record, as one unpaged answer brought them; undefined while loading. */
  records: readonly T[] | undefined;
  isFetching: boolean;
  isError: boolean;
  /** Why the records could not be loaded (null when they could), and asking again: the list shows both. */
  error?: unknown;
  retry?: () => void;
  defaultPageSize: number;
  maxPageSize: number;
  defaultSort: ListSort;
  initialFilters: F;
  /** Whether a record passes the filter bar's values. */
  matches: (record: T, filters: F) => boolean;
  /** The value a sortable column (by its colId) sorts by. */
  sortValue: (record: T, field: string) => string | number;
}

/**
 * The state {@link ServerList} shows, for a list the API answers in one piece (the aircraft
 * templates): filters, sort and pages work on the records in the browser, at once.
 */
export function useLocalList<T extends BaseRecord, F extends ListFilterValues>(
  options: LocalListOptions<T, F>,
): ServerListState<T, F> {
  const { records, isFetching, isError, defaultPageSize, maxPageSize, defaultSort, initialFilters } = options;
  const { matches, sortValue } = options;
  const [filterValues, setFilterValues] = useState<F>(initialFilters);
  const [sort, setSort] = useState<ListSort>(defaultSort);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [page, setPage] = useState(1);

  const shown = useMemo(() => {
    const direction = sort.order === 'desc' ? -1 : 1;
    return (records ?? [])
      .filter((record) => matches(record, filterValues))
      .sort((a, b) => {
        const x = sortValue(a, sort.field);
        const y = sortValue(b, sort.field);
        const order =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return order * direction;
      });
  }, [records, filterValues, sort, matches, sortValue]);

  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * pageSize;

  return {
    rows: shown.slice(offset, offset + pageSize),
    offset,
    total: shown.length,
    totalIsCapped: false,
    isLoading: records === undefined && !isError,
    isFetching,
    isError,
    error: options.error ?? null,
    retry: options.retry ?? (() => undefined),
    page: current,
    pageCount,
    setPage: (next) => setPage(Math.min(Math.max(1, next), pageCount)),
    pageSize,
    pageSizeChoices: pageSizeChoices(defaultPageSize, maxPageSize),
    setPageSize: (size) => {
      setPageSize(Math.min(Math.max(1, size), maxPageSize));
      setPage(1);
    },
    sort,
    setSort: (next) => {
      setSort(next);
      setPage(1);
    },
    filterValues,
    setFilter: (name: keyof F & string, value: ListFilterValue) => {
      setFilterValues((before) => ({ ...before, [name]: value }));
      setPage(1);
    },
  };
}
