import './list.css';
import { Button } from '@flybook/ui';
import type { BaseRecord } from '@refinedev/core';
import type {
  AgGridEvent,
  ColDef,
  RowClickedEvent,
  SortChangedEvent,
  SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '../LoadFailure.tsx';
import { listTheme } from './grid.ts';
import { Pagination } from './Pagination.tsx';
import type { ListFilterValues, ServerListState } from './use-server-list.ts';

/** The class of the rows a list was opened for (`highlight…Id`): marked, the first brought into view. */
export const HIGHLIGHT_ROW_CLASS = 'list-row--highlight';
/** How often the marked row is looked at while the list lays out its rows. */
const HIGHLIGHT_WATCH_MS = 150;
/** How long the marked row must stay in place before it is left there. */
const HIGHLIGHT_SETTLE_MS = 3000;
/** The longest the marked row is followed while the list keeps changing size. */
const HIGHLIGHT_GIVE_UP_MS = 30_000;

/**
 * A column as wide as its widest cell in the language shown, and never narrower than its header's
 * longest word (the header wraps between words), measured each time a page of rows or new columns
 * are drawn: short values that must never be cut (ids, dates, amounts, statuses, buttons). An
 * empty column is as narrow as its header's longest word, not the lists' 90 px minimum. The other
 * columns share what is left, and their long free texts (names, e-mail addresses) end in an
 * ellipsis with the whole text in a tooltip (docs/i18n.md).
 */
export const FIT_CONTENT = {
  flex: 0,
  minWidth: 40,
  context: 'fitContent',
} as const satisfies Partial<ColDef>;

/** A header's padding (2 × 10 px) and the sort arrow a sortable column shows once sorted (23 px), in px. */
const HEADER_ROOM = 46;
/** A header's padding around its text in a column that never shows a sort arrow, in px. */
const HEADER_ROOM_UNSORTED = 24;
/** The most frames a fit is repeated while the cells are still being drawn (about a second). */
const FIT_FRAMES = 60;
let measure: CanvasRenderingContext2D | null | undefined;

/**
 * The width of a header's longest word in the grid's header font: a fit-content column is never
 * narrower, so its header wraps between words and is never cut. Null where nothing can measure
 * text (tests without a canvas).
 */
function longestWordWidth(text: string, font: string): number | null {
  measure ??= document.createElement('canvas').getContext?.('2d') ?? null;
  if (!measure || !font) return null;
  measure.font = font;
  return Math.max(0, ...text.split(/\s+/).map((word) => measure?.measureText(word).width ?? 0));
}

/** An action on one row, shown as a small button in the actions column. */
export interface RowAction<T> {
  id: string;
  /** The visible text ("Edit"). */
  text: string;
  /** The accessible name, naming the row ("Edit Air Prishtina"): many rows have the same button. */
  label: (row: T) => string;
  /** Where the action leads (a link), e.g. the edit page. */
  to?: (row: T) => string;
  onPress?: (row: T) => void;
  /**
   * Shown but not usable, e.g. without the permission of the target route (spec 03 §2: "each list
   * action is enabled only with the permission of its target route").
   */
  isDisabled?: (row: T) => boolean;
}

/**
 * Checkboxes in a first column to choose rows for bulk actions, and one in its header for the
 * whole page. The page keeps the choice (it may span pages or mean "all matching").
 */
export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  /** Choose or drop rows: one row from its box, or every row of the page from the header box. */
  onChange: (rows: readonly T[], selected: boolean) => void;
  /** The accessible name of a row's box, naming the row ("Select FB1234"). */
  rowLabel: (row: T) => string;
  /** The accessible name of the header box ("Select all flights on this page"). */
  pageLabel: string;
}

export interface ServerListProps<T extends BaseRecord, F extends ListFilterValues> {
  list: ServerListState<T, F>;
  /**
   * The area's columns. A sortable column sets `sortable: true` and its `colId` to the API's
   * `sortBy` name; the grid only reports the click, the server sorts.
   */
  columns: ColDef<T>[];
  /** The accessible name of the table ("Airline companies"). */
  label: string;
  /** What an empty result says: "No airline companies found". */
  emptyTitle: string;
  /** How to get rows after all (change the filters). */
  emptyHint: string;
  actions?: readonly RowAction<T>[];
  selection?: RowSelection<T>;
  /**
   * What a click on a row does (e.g. open its edit page). Clicks on the row's links, buttons and
   * boxes keep their own meaning; keyboard users reach the same page through a link or action.
   */
  onRowClick?: (row: T) => void;
  /**
   * A class for some rows, e.g. {@link HIGHLIGHT_ROW_CLASS} for the rows a `highlight…Id` address
   * parameter points to (the first of them is brought into view).
   */
  rowClassName?: (row: T) => string | undefined;
  /** Row height in pixels for lists whose cells hold two lines; the theme's by default. */
  rowHeight?: number;
}

function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  return (
    <div className="row-actions">
      {actions.map((action) => {
        const disabled = action.isDisabled?.(row) ?? false;
        const label = action.label(row);
        if (action.to && !disabled) {
          return (
            <Link key={action.id} className="row-action" to={action.to(row)} aria-label={label}>
              {action.text}
            </Link>
          );
        }
        return (
          <Button
            key={action.id}
            variant="secondary"
            className="row-action"
            aria-label={label}
            isDisabled={disabled}
            onPress={() => action.onPress?.(row)}
          >
            {action.text}
          </Button>
        );
      })}
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tab inside a cell with links or buttons: AG Grid moves Tab from cell to cell and would jump over
 * them. While there is a next (or, with Shift, a previous) focusable element in the cell, the
 * browser gets the key and moves into it; after the last one the grid goes on to the next cell.
 */
function tabThroughCell({ event }: SuppressKeyboardEventParams): boolean {
  return tabThrough(event, '.ag-cell');
}

/** The same for a header cell with a control (the page's select-all box). */
const tabThroughHeader = ({ event }: { event: KeyboardEvent }) =>
  tabThrough(event, '.ag-header-cell') || event.key === ' ';

function tabThrough(event: KeyboardEvent, cellSelector: string): boolean {
  if (event.key !== 'Tab' || !(event.target instanceof HTMLElement)) return false;
  const cell = event.target.closest(cellSelector);
  if (!cell) return false;
  const focusable = [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) return false;
  const index = focusable.indexOf(event.target); // -1: the cell itself has the focus
  return event.shiftKey ? index > 0 : index < focusable.length - 1;
}

/**
 * For cells with controls: Tab moves through them ({@link tabThroughCell}), and Enter and Space
 * reach the focused control (a box, a button, a menu) instead of the grid.
 */
export function cellControlKeys(params: SuppressKeyboardEventParams): boolean {
  const { event } = params;
  if (event.key === 'Tab') return tabThroughCell(params);
  if (!(event.target instanceof HTMLElement) || event.target.classList.contains('ag-cell')) return false;
  return event.key === 'Enter' || event.key === ' ' || event.key === 'Escape';
}

const INTERACTIVE = 'a, button, input, label, select, textarea, [role="menu"], [role="dialog"]';

// The rows and the choice, read by the box cells: the grid keeps its cells while React re-renders.
const SelectionContext = createContext<{ rows: readonly unknown[]; selection: RowSelection<unknown> } | null>(
  null,
);

function SelectRowCell({ data }: CustomCellRendererProps) {
  const context = useContext(SelectionContext);
  if (!context || data === undefined) return null;
  const { selection } = context;
  return (
    <input
      type="checkbox"
      className="list-select"
      checked={selection.isSelected(data)}
      onChange={(event) => selection.onChange([data], event.target.checked)}
      aria-label={selection.rowLabel(data)}
    />
  );
}

function SelectPageHeader() {
  const context = useContext(SelectionContext);
  const box = useRef<HTMLInputElement>(null);
  const rows = context?.rows ?? [];
  const chosen = context ? rows.filter((row) => context.selection.isSelected(row)).length : 0;
  const all = rows.length > 0 && chosen === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  if (!context) return null;
  return (
    <input
      ref={box}
      type="checkbox"
      className="list-select"
      checked={all}
      onChange={(event) => context.selection.onChange(rows, event.target.checked)}
      aria-label={context.selection.pageLabel}
    />
  );
}

// The server already sorted the page; the grid must keep its order, not sort again.
const keepServerOrder = () => 0;

/**
 * A server-paged list: AG Grid for the rows, with the sort state of {@link useServerList}, a loading
 * state, an empty state, a failure state (the server's message and Retry, never the empty state),
 * an actions column and the pagination below. The area supplies the columns
 * and actions; filters go above it ({@link ListFilters}).
 */
export function ServerList<T extends BaseRecord, F extends ListFilterValues>({
  list,
  columns,
  label,
  emptyTitle,
  emptyHint,
  actions = [],
  selection,
  onRowClick,
  rowClassName,
  rowHeight,
}: ServerListProps<T, F>) {
  const { t } = useTranslation();
  const { field: sortField, order: sortOrder } = list.sort;

  const hasSelection = selection !== undefined;
  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const shown: ColDef<T>[] = columns.map((column) => ({
      ...column,
      sort: column.sortable && column.colId === sortField ? sortOrder : null,
    }));
    if (hasSelection) {
      shown.unshift({
        colId: 'select',
        headerComponent: SelectPageHeader,
        cellRenderer: SelectRowCell,
        sortable: false,
        flex: 0,
        width: 44,
        minWidth: 44,
        cellClass: 'list-cell--select',
        headerClass: 'list-header--select',
        suppressKeyboardEvent: cellControlKeys,
        suppressHeaderKeyboardEvent: tabThroughHeader,
      });
    }
    if (actions.length > 0) {
      shown.push({
        colId: 'actions',
        headerName: t('list.actions'),
        ...FIT_CONTENT,
        sortable: false,
        cellClass: 'list-cell--actions',
        suppressKeyboardEvent: tabThroughCell,
        cellRenderer: (params: CustomCellRendererProps<T>) =>
          params.data ? <RowActions row={params.data} actions={actions} /> : null,
      });
    }
    return shown;
  }, [columns, actions, hasSelection, sortField, sortOrder, t]);

  const selectionContext = useMemo(
    // A selection of T is used only with rows of T: the cells hand back the rows they were given.
    () => (selection ? { rows: list.rows, selection: selection as RowSelection<unknown> } : null),
    [selection, list.rows],
  );

  const onRowClicked = onRowClick
    ? (event: RowClickedEvent<T>) => {
        const target = event.event?.target;
        if (target instanceof Element && target.closest(INTERACTIVE)) return;
        if (event.data) onRowClick(event.data);
      }
    : undefined;

  const defaultColDef = useMemo<ColDef<T>>(
    () => ({
      sortable: false,
      comparator: keepServerOrder,
      sortingOrder: ['asc', 'desc'],
      suppressMovable: true,
      resizable: false,
      flex: 1,
      minWidth: 90,
      // Long headers (German, French) wrap onto a second line instead of being cut off.
      wrapHeaderText: true,
      autoHeaderHeight: true,
    }),
    [],
  );

  // The first marked row (a payment returns to the list with its reservation marked) is brought
  // into the middle of the screen. The grid draws its rows after React renders, then measures and
  // moves them (cells wrap; slowly on a busy machine) without always changing the list's size, so
  // the row is watched: centred again whenever it went out of sight, until it has stayed in place
  // for a while or the user scrolls, types or clicks. Reloads of the same row leave the scrolling
  // to the user.
  const firstHighlighted = rowClassName
    ? list.rows.find((row) => rowClassName(row)?.split(' ').includes(HIGHLIGHT_ROW_CLASS))?.id
    : undefined;
  const section = useRef<HTMLElement>(null);
  const centreHighlighted = useRef<(() => void) | null>(null);
  useEffect(() => {
    const target = section.current;
    if (firstHighlighted === undefined || !target) return;
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      for (const name of events) window.removeEventListener(name, stop);
      clearInterval(watch);
      clearTimeout(settle);
      clearTimeout(giveUp);
      centreHighlighted.current = null;
    };
    let centred = false;
    let lastPlace: number | undefined;
    const centre = () => {
      const row = target.querySelector(`.${HIGHLIGHT_ROW_CLASS}`);
      if (!row) return;
      const { top, bottom } = row.getBoundingClientRect();
      const place = top + window.scrollY;
      if (place !== lastPlace) {
        lastPlace = place;
        clearTimeout(settle);
        settle = setTimeout(stop, HIGHLIGHT_SETTLE_MS);
      }
      // Once in the middle, it is moved again only when the rows above pushed it out of sight.
      if (centred && top >= 0 && bottom <= window.innerHeight) return;
      centred = true;
      row.scrollIntoView?.({ block: 'center' });
    };
    for (const name of events) window.addEventListener(name, stop, { passive: true });
    const watch = setInterval(centre, HIGHLIGHT_WATCH_MS);
    const giveUp = setTimeout(stop, HIGHLIGHT_GIVE_UP_MS);
    centreHighlighted.current = centre;
    return stop;
  }, [firstHighlighted]);
  // The fit-content columns are measured again whenever rows or columns (another language) are drawn.
  const fitting = useMemo(
    () =>
      columnDefs.flatMap((column) =>
        column.context === FIT_CONTENT.context && column.colId
          ? [
              {
                colId: column.colId,
                header: column.headerName ?? '',
                room: column.sortable ? HEADER_ROOM : HEADER_ROOM_UNSORTED,
              },
            ]
          : [],
      ),
    [columnDefs],
  );
  const fitColumns = useCallback(
    ({ api }: AgGridEvent) => {
      if (fitting.length === 0) return;
      const headerText = section.current?.querySelector('.ag-header-cell-text');
      const font = headerText ? getComputedStyle(headerText).font : '';
      const columnLimits = fitting.flatMap(({ colId, header, room }) => {
        const word = longestWordWidth(header, font);
        return word === null ? [] : [{ colId, minWidth: Math.ceil(word) + room }];
      });
      // The cells' widest content decides; the header wraps between its words above it.
      api.autoSizeColumns({ colIds: fitting.map(({ colId }) => colId), skipHeader: true, columnLimits });
    },
    [fitting],
  );
  // A fit measures the cells drawn so far, and React draws the custom cells a frame or more after
  // the grid's events; so the fit is repeated each frame until it changes nothing (at most a second).
  // It never answers its own column changes: fitting announces a columns change itself, and
  // answering that would redraw the list without end.
  const fittedColumns = useRef<typeof fitting | null>(null);
  const fitFrame = useRef(0);
  const fitUntilSettled = useCallback(
    (event: AgGridEvent) => {
      cancelAnimationFrame(fitFrame.current);
      fittedColumns.current = fitting;
      let before = '';
      let frames = 0;
      const step = () => {
        if (event.api.isDestroyed()) return;
        fitColumns(event);
        const after = [...(section.current?.querySelectorAll('.ag-header-cell') ?? [])]
          .map((cell) => cell.getBoundingClientRect().width)
          .join();
        const drawn = section.current?.querySelector('.ag-row .ag-cell') !== null;
        frames += 1;
        if ((drawn && after === before) || frames >= FIT_FRAMES) {
          centreHighlighted.current?.();
          return;
        }
        before = after;
        fitFrame.current = requestAnimationFrame(step);
      };
      fitFrame.current = requestAnimationFrame(step);
    },
    [fitColumns, fitting],
  );
  useEffect(() => () => cancelAnimationFrame(fitFrame.current), []);
  const onColumnsChanged = useCallback(
    (event: AgGridEvent) => {
      if (fittedColumns.current !== fitting) fitUntilSettled(event);
    },
    [fitUntilSettled, fitting],
  );

  const { setSort } = list;
  const onSortChanged = (event: SortChangedEvent<T>) => {
    // Only the user's header clicks; sort states the grid takes from columnDefs are ours already.
    if (event.source !== 'uiColumnSorted') return;
    const sorted = event.columns?.find((column) => column.getSort());
    const order = sorted?.getSort();
    if (sorted && order) setSort({ field: sorted.getColId(), order });
  };

  const first = list.rows.length === 0 ? 0 : list.offset + 1;
  // A failed load is never shown as an empty result; rows of other filters are not shown with it.
  const failed = list.error !== null && list.rows.length === 0;
  let content: ReactNode;
  if (list.isLoading || (failed && list.isFetching)) {
    content = (
      <div className="server-list__loading">
        <span className="spinner" aria-hidden="true" />
        {t('common.loading')}
      </div>
    );
  } else if (failed) {
    content = <LoadFailure error={list.error} title={t('list.failed')} onRetry={list.retry} />;
  } else if (list.rows.length === 0) {
    content = (
      <div className="server-list__empty">
        <p className="server-list__empty-title">{emptyTitle}</p>
        <p className="server-list__empty-hint">{emptyHint}</p>
      </div>
    );
  } else {
    content = (
      <div className="server-list__grid">
        <SelectionContext.Provider value={selectionContext}>
          <AgGridReact<T>
            theme={listTheme}
            rowData={list.rows}
            columnDefs={columnDefs}
            defaultColDef={defaultColDef}
            // fit-content columns get their content and the cell's own padding, nothing more
            autoSizePadding={4}
            getRowId={(params) => String(params.data.id)}
            domLayout="autoHeight"
            // a few columns and one page of rows: all in the DOM, in reading order, for screen readers
            suppressColumnVirtualisation
            ensureDomOrder
            enableCellTextSelection
            onSortChanged={onSortChanged}
            onFirstDataRendered={fitUntilSettled}
            onRowDataUpdated={fitUntilSettled}
            // new columns (another language, another role's view) are measured again
            onDisplayedColumnsChanged={onColumnsChanged}
            onRowClicked={onRowClicked}
            rowClass={onRowClick ? 'list-row--clickable' : undefined}
            {...(rowHeight ? { rowHeight } : {})}
            getRowClass={
              rowClassName ? (params) => (params.data ? rowClassName(params.data) : undefined) : undefined
            }
          />
        </SelectionContext.Provider>
      </div>
    );
  }

  return (
    <section ref={section} className="server-list" aria-label={label} aria-busy={list.isFetching}>
      <p className="server-list__status" role="status">
        {list.isFetching && !list.isLoading
          ? t('common.loading')
          : list.isLoading || failed || list.rows.length === 0
            ? ''
            : t(list.totalIsCapped ? 'list.showingMoreThan' : 'list.showing', {
                from: first,
                to: first === 0 ? 0 : first + list.rows.length - 1,
                total: list.total,
              })}
      </p>
      {list.error !== null && !failed && !list.isFetching ? (
        <LoadFailure error={list.error} title={t('list.stale')} onRetry={list.retry} />
      ) : null}
      {content}
      {list.isLoading || failed || list.total === 0 ? null : <Pagination list={list} />}
    </section>
  );
}
