import type { MoneyLocale } from '@flybook/domain';
import { formatChf } from '@flybook/locales/format';
import type { AircraftSection } from '@flybook/schemas/flights';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  columnGroups,
  defaultAisleAfter,
  type SeatOverlay,
  type SeatState,
  seatKey,
  seatStateOf,
} from './seat-map-model.ts';

/** The states the legend can explain: every seat state plus the selection. */
export type SeatLegendState = SeatState | 'selected';

/** What the caller's `labels.seat` gets to build a seat's accessible name. */
export interface SeatNameParts {
  /** 12C */
  label: string;
  /** The tariff group's name (the class), e.g. Economy. */
  className: string;
  /** The seat price formatted for the locale, e.g. CHF 12.00. */
  price: string;
  /** `selected` for a chosen seat, whatever it was before: it is announced as chosen. */
  state: SeatLegendState;
}

/**
 * Every text the seat map shows or announces; admin and site translate them. English shape:
 * `{ tariffGroup: (id) => 'Economy', seat: ({ label, className, price, state }) =>
 * \`Seat ${label}, ${className}, ${price}, ${state}\`, states: { free: 'Free', taken: 'Taken',
 * disabled: 'Not for sale', reserved: 'Reserved', own: 'Your seat', absent: 'Hidden',
 * selected: 'Selected' }, exitRow: 'Exit row', legend: 'Legend' }`.
 */
export interface SeatMapLabels {
  /** The section heading: the tariff group's name (Business, Economy). */
  tariffGroup: (id: number) => string;
  /** A seat's accessible name (also its tooltip), e.g. "Seat 12C, Economy, CHF 12.00, free". */
  seat: (seat: SeatNameParts) => string;
  /** Legend texts per state. */
  states: Record<SeatLegendState, string>;
  /** Said with the row number of a row at an emergency exit, and the legend text of its marker. */
  exitRow: string;
  /** Accessible name of the legend list. */
  legend: string;
}

export interface SeatMapProps {
  sections: readonly AircraftSection[];
  labels: SeatMapLabels;
  /** Formats the seat prices. */
  locale: MoneyLocale;
  /** A flight's own states over the template's flags: seats taken by others, the passenger's seat. */
  seatState?: (label: string) => SeatOverlay | undefined;
  /** Seats shown as selected; giving it makes the map a multi-select grid (aria-selected). */
  selectedLabels?: ReadonlySet<string>;
  /** A click, Enter or Space on a seat. Without this and onSeatDoublePress the map is read-only. */
  onSeatPress?: (label: string) => void;
  /** A double click, or Shift+Enter from the keyboard (which has no double click). */
  onSeatDoublePress?: (label: string) => void;
  /** Which seats react to presses (default: all shown); the others are announced as dimmed. */
  isSeatPressable?: (label: string, state: SeatState) => boolean;
  /** Column labels after which an aisle lies (['C']); default: the middle of the widest section. */
  aisleAfter?: readonly string[];
  /** Shows absent seats as dashed outlines that can be pressed (the editor's hide action). */
  showAbsent?: boolean;
  /** The states the legend explains; default: free, the selection if any, and the states present. */
  legend?: readonly SeatLegendState[] | false;
  /** Heading level of the section titles. */
  headingLevel?: 2 | 3 | 4;
  /** Id of a text describing how to use the map (linked to every section grid). */
  'aria-describedby'?: string;
  className?: string;
}

const LEGEND_ORDER: readonly SeatLegendState[] = [
  'free',
  'selected',
  'own',
  'taken',
  'reserved',
  'disabled',
  'absent',
];

/** Glyphs that tell the states apart without colour (WCAG 1.4.1); hidden from screen readers. */
const GLYPH: Partial<Record<SeatLegendState, string>> = {
  selected: '✓',
  own: '★',
  taken: '✕',
  reserved: '◆',
};

/** An aisle is this many seat widths wide (the x positions used by up/down arrow keys). */
const AISLE_TRACKS = 0.75;

interface CellModel {
  label: string;
  columnIndex: number;
  state: SeatState;
  price: number;
  /** Horizontal centre of the seat in seat widths, relative to the cabin's centre line. */
  x: number;
}

interface GroupModel {
  /** How many seat widths the group spans (more than its seats for wider business seats). */
  tracks: number;
  cells: CellModel[];
}

interface RowModel {
  label: string;
  isExit: boolean;
  groups: GroupModel[];
}

interface SectionModel {
  tariffGroupId: number;
  columnLabels: readonly string[];
  /** Column indexes per group, for the header row. */
  columnGroups: number[][];
  tracks: number[];
  rows: RowModel[];
}

/**
 * Lays the sections out on one cabin width: a section with as many aisle groups as the widest one
 * spreads its seats over the same width (business A C | D F gets wide seats under economy's
 * ABC | DEF); any other section keeps standard seats and is centred.
 */
function layoutOf(
  sections: readonly AircraftSection[],
  aisleAfter: readonly string[],
  seatState: SeatMapProps['seatState'],
): SectionModel[] {
  const groupsPerSection = sections.map((section) => columnGroups(section.columnLabels, aisleAfter));
  let widest: number[][] = [];
  for (const groups of groupsPerSection) {
    if (groups.flat().length > widest.flat().length) widest = groups;
  }
  return sections.map((section, sectionIndex) => {
    const groups = groupsPerSection[sectionIndex] ?? [];
    const tracks =
      groups.length === widest.length
        ? groups.map((group, index) => Math.max(group.length, widest[index]?.length ?? 0))
        : groups.map((group) => group.length);
    const width = tracks.reduce((sum, value) => sum + value, 0) + AISLE_TRACKS * (tracks.length - 1);
    const rows = section.rowLabels.map((rowLabel, rowIndex) => {
      let left = -width / 2;
      const rowGroups = groups.map((columns, groupIndex) => {
        const groupTracks = tracks[groupIndex] ?? columns.length;
        const seatWidth = groupTracks / columns.length;
        const cells = columns.map((columnIndex, position) => {
          const label = seatKey(rowLabel, section.columnLabels[columnIndex] ?? '');
          return {
            label,
            columnIndex,
            state: seatStateOf(section.seats[rowIndex]?.[columnIndex] ?? 0, seatState?.(label)),
            price: section.prices[rowIndex]?.[columnIndex] ?? 0,
            x: left + seatWidth * (position + 0.5),
          };
        });
        left += groupTracks + AISLE_TRACKS;
        return { tracks: groupTracks, cells };
      });
      return { label: rowLabel, isExit: section.rowsWithExitDoors.includes(rowLabel), groups: rowGroups };
    });
    return {
      tariffGroupId: section.tariffGroup.id,
      columnLabels: section.columnLabels,
      columnGroups: groups,
      tracks,
      rows,
    };
  });
}

/** CSS custom property carrying a seat's width in standard seat widths (1.5 for business A C | D F). */
type TracksStyle = CSSProperties & { '--fb-seat-tracks': number };

const tracksStyle = (tracks: number): TracksStyle => ({ '--fb-seat-tracks': tracks });

/**
 * A cabin seat map: one grid per tariff group section (column letters on top, row numbers on the
 * side, the aisle as a gap, exit rows marked), a legend, and keyboard use as an ARIA grid: one tab
 * stop per section, arrow keys move between seats (up and down cross into the next section), Home
 * and End go to the row's ends, Ctrl+Home and Ctrl+End to the first and last seat, Enter or Space
 * press a seat and Shift+Enter double-presses it.
 */
export function SeatMap({
  sections,
  labels,
  locale,
  seatState,
  selectedLabels,
  onSeatPress,
  onSeatDoublePress,
  isSeatPressable,
  aisleAfter,
  showAbsent = false,
  legend,
  headingLevel = 3,
  'aria-describedby': describedBy,
  className,
}: SeatMapProps) {
  const idPrefix = useId();
  const aisles = useMemo(() => aisleAfter ?? defaultAisleAfter(sections), [aisleAfter, sections]);
  const layout = useMemo(() => layoutOf(sections, aisles, seatState), [sections, aisles, seatState]);
  const interactive = Boolean(onSeatPress || onSeatDoublePress);
  const isShown = useCallback((cell: CellModel) => showAbsent || cell.state !== 'absent', [showAbsent]);

  /** Rows of focusable seats over all sections, top to bottom, for the arrow keys. */
  const navigation = useMemo(
    () =>
      layout.flatMap((section, sectionIndex) =>
        section.rows
          .map((row) => ({ sectionIndex, cells: row.groups.flatMap((group) => group.cells.filter(isShown)) }))
          .filter((row) => row.cells.length > 0),
      ),
    [layout, isShown],
  );
  const [active, setActive] = useState<string | undefined>(undefined);
  const cellElements = useRef(new Map<string, HTMLElement>());

  const tabStops = useMemo(() => {
    const stops = new Set<string>();
    for (const sectionIndex of layout.keys()) {
      const rows = navigation.filter((row) => row.sectionIndex === sectionIndex);
      const hasActive = rows.some((row) => row.cells.some((cell) => cell.label === active));
      const first = rows[0]?.cells[0]?.label;
      const stop = hasActive ? active : first;
      if (stop) stops.add(stop);
    }
    return stops;
  }, [layout, navigation, active]);

  const moveFocus = (label: string | undefined) => {
    if (!label) return;
    setActive(label);
    cellElements.current.get(label)?.focus();
  };

  const targetOf = (label: string, event: KeyboardEvent): string | undefined => {
    const rowIndex = navigation.findIndex((row) => row.cells.some((cell) => cell.label === label));
    const row = navigation[rowIndex];
    if (!row) return undefined;
    const index = row.cells.findIndex((cell) => cell.label === label);
    const current = row.cells[index];
    const nearestIn = (other: (typeof navigation)[number] | undefined) => {
      if (!other || !current) return undefined;
      let best = other.cells[0];
      for (const cell of other.cells) {
        if (best && Math.abs(cell.x - current.x) < Math.abs(best.x - current.x) - 1e-9) best = cell;
      }
      return best?.label;
    };
    switch (event.key) {
      case 'ArrowRight':
        return row.cells[index + 1]?.label;
      case 'ArrowLeft':
        return row.cells[index - 1]?.label;
      case 'ArrowDown':
        return nearestIn(navigation[rowIndex + 1]);
      case 'ArrowUp':
        return nearestIn(navigation[rowIndex - 1]);
      case 'Home':
        return event.ctrlKey ? navigation[0]?.cells[0]?.label : row.cells[0]?.label;
      case 'End': {
        const lastRow = event.ctrlKey ? navigation[navigation.length - 1] : row;
        return lastRow?.cells[lastRow.cells.length - 1]?.label;
      }
      default:
        return undefined;
    }
  };

  const onKeyDown = (cell: CellModel, pressable: boolean) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!pressable || event.repeat) return;
      if (event.shiftKey && onSeatDoublePress) onSeatDoublePress(cell.label);
      else onSeatPress?.(cell.label);
      return;
    }
    const navigationKeys = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!navigationKeys.includes(event.key)) return;
    event.preventDefault();
    moveFocus(targetOf(cell.label, event));
  };

  // A double click is the second click of a pair (detail 2), not the dblclick event: the first
  // click redraws the seat (selected, reserved …), and Chromium fires no dblclick when the element
  // under the pointer changed between the two. Each click presses, as with dblclick, and the
  // second then double-presses.
  const onClick = (cell: CellModel, pressable: boolean) => (event: MouseEvent<HTMLElement>) => {
    if (!pressable) return;
    onSeatPress?.(cell.label);
    if (event.detail === 2) onSeatDoublePress?.(cell.label);
  };

  const legendStates = useMemo(() => {
    if (legend === false) return [];
    if (legend) return legend;
    const present = new Set<SeatLegendState>(['free']);
    if (selectedLabels) present.add('selected');
    for (const section of layout) {
      for (const row of section.rows) {
        for (const group of row.groups) {
          for (const cell of group.cells) if (isShown(cell)) present.add(cell.state);
        }
      }
    }
    return LEGEND_ORDER.filter((state) => present.has(state));
  }, [legend, selectedLabels, layout, isShown]);
  const hasExitRows = layout.some((section) => section.rows.some((row) => row.isExit));
  const Heading = `h${headingLevel}` as const;

  const seatClasses = (state: SeatLegendState, extra?: string | null) =>
    ['fb-seat', state === 'selected' ? 'fb-seat--free fb-seat--selected' : `fb-seat--${state}`, extra]
      .filter(Boolean)
      .join(' ');

  return (
    <div className={['fb-seatmap', className].filter(Boolean).join(' ')}>
      <div className="fb-seatmap__cabin">
        {layout.map((section, sectionIndex) => {
          const headingId = `${idPrefix}-section-${sectionIndex}`;
          const className = labels.tariffGroup(section.tariffGroupId);
          return (
            // Seat labels are unique in a template, so the first row label tells sections apart.
            <section
              key={`${section.tariffGroupId}-${section.rows[0]?.label}`}
              className="fb-seatmap__section"
              aria-labelledby={headingId}
            >
              <Heading id={headingId} className="fb-seatmap__title">
                {className}
              </Heading>
              {/*
               * A table with the grid role: real rows and headers for every browser and screen reader,
               * aisle and missing seats as hidden cells, explicit column indexes across them.
               */}
              <table
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid is a table
                role="grid"
                className="fb-seatmap__grid"
                aria-labelledby={headingId}
                aria-describedby={describedBy}
                aria-colcount={section.columnLabels.length + 1}
                aria-readonly={interactive ? undefined : true}
                aria-multiselectable={selectedLabels ? true : undefined}
              >
                <thead>
                  <tr>
                    <td className="fb-seatmap__side" aria-hidden="true" />
                    {section.columnGroups.map((columns, groupIndex) => {
                      const tracks = (section.tracks[groupIndex] ?? columns.length) / columns.length;
                      const first = section.columnLabels[columns[0] ?? 0];
                      return [
                        groupIndex > 0 ? (
                          <td key={`aisle-${first}`} className="fb-seatmap__aisle" aria-hidden="true" />
                        ) : null,
                        ...columns.map((columnIndex) => (
                          <th
                            key={columnIndex}
                            scope="col"
                            aria-colindex={columnIndex + 2}
                            className="fb-seatmap__column"
                            style={tracksStyle(tracks)}
                          >
                            {section.columnLabels[columnIndex]}
                          </th>
                        )),
                      ];
                    })}
                    <td className="fb-seatmap__side" aria-hidden="true" />
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.label} className={row.isExit ? 'fb-seatmap__row--exit' : undefined}>
                      <th scope="row" aria-colindex={1} className="fb-seatmap__side fb-seatmap__row-label">
                        <span className="fb-seatmap__side-inner">
                          {row.isExit ? <span className="fb-seatmap__exit" aria-hidden="true" /> : null}
                          {row.label}
                          {row.isExit ? <span className="fb-visually-hidden">, {labels.exitRow}</span> : null}
                        </span>
                      </th>
                      {row.groups.map((group, groupIndex) => {
                        const tracks = group.tracks / Math.max(group.cells.length, 1);
                        return [
                          groupIndex > 0 ? (
                            <td
                              key={`aisle-${group.cells[0]?.label}`}
                              className="fb-seatmap__aisle"
                              aria-hidden="true"
                            />
                          ) : null,
                          ...group.cells.map((cell) => {
                            if (!isShown(cell)) {
                              return (
                                <td
                                  key={cell.label}
                                  className="fb-seatmap__cell"
                                  style={tracksStyle(tracks)}
                                  aria-hidden="true"
                                />
                              );
                            }
                            const selected = selectedLabels?.has(cell.label) ?? false;
                            const pressable =
                              interactive && (isSeatPressable?.(cell.label, cell.state) ?? true);
                            const name = labels.seat({
                              label: cell.label,
                              className,
                              price: formatChf(cell.price, locale),
                              state: selected ? 'selected' : cell.state,
                            });
                            const glyph = GLYPH[selected ? 'selected' : cell.state];
                            return (
                              <td
                                key={cell.label}
                                ref={(element) => {
                                  if (element) cellElements.current.set(cell.label, element);
                                  else cellElements.current.delete(cell.label);
                                }}
                                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a seat is a grid cell
                                role="gridcell"
                                aria-colindex={cell.columnIndex + 2}
                                aria-label={name}
                                title={name}
                                aria-selected={selectedLabels ? selected : undefined}
                                aria-disabled={interactive && !pressable ? true : undefined}
                                tabIndex={tabStops.has(cell.label) ? 0 : -1}
                                data-seat={cell.label}
                                data-state={cell.state}
                                className={[
                                  'fb-seatmap__cell',
                                  pressable ? 'fb-seatmap__cell--pressable' : null,
                                ]
                                  .filter(Boolean)
                                  .join(' ')}
                                style={tracksStyle(tracks)}
                                onFocus={() => setActive(cell.label)}
                                onKeyDown={onKeyDown(cell, pressable)}
                                onClick={onClick(cell, pressable)}
                              >
                                <span
                                  className={seatClasses(cell.state, selected ? 'fb-seat--selected' : null)}
                                >
                                  {glyph ? <span aria-hidden="true">{glyph}</span> : null}
                                </span>
                              </td>
                            );
                          }),
                        ];
                      })}
                      <td className="fb-seatmap__side" aria-hidden="true">
                        {row.isExit ? (
                          <span className="fb-seatmap__side-inner fb-seatmap__side-inner--end">
                            <span className="fb-seatmap__exit" />
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
      {legendStates.length > 0 || hasExitRows ? (
        <ul className="fb-seatmap__legend" aria-label={labels.legend}>
          {legendStates.map((state) => (
            <li key={state} className="fb-seatmap__legend-item">
              <span className={seatClasses(state)} aria-hidden="true">
                {GLYPH[state] ? <span>{GLYPH[state]}</span> : null}
              </span>
              {labels.states[state]}
            </li>
          ))}
          {hasExitRows ? (
            <li className="fb-seatmap__legend-item">
              <span className="fb-seatmap__exit" aria-hidden="true" />
              {labels.exitRow}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
