import type { MoneyLocale } from '@flybook/domain';
import type { AircraftSection } from '@flybook/schemas/flights';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Button } from '../Button.tsx';
import { TextField } from '../TextField.tsx';
import { type SeatLegendState, SeatMap, type SeatMapLabels } from './SeatMap.tsx';
import {
  defaultAisleAfter,
  editorReducer,
  lockedSeatsKept,
  parseSeatPrice,
  SEAT_MAP_ACTIONS,
  type SeatMapAction,
  type SeatMapEditorAction,
  type SeatMapEditorState,
  type SeatOverlay,
  seatAt,
} from './seat-map-model.ts';

/**
 * The texts of the seat-map popup, on top of the map's own (the section headings come from the
 * `tariffGroupName` prop). English shape: `{ actionGroup: 'Action', actions: { select: 'Select',
 * disable: 'Disable', reserve: 'Reserve', hide: 'Hide' }, hint: 'Click a seat to select it or to
 * switch the action on it; double-click (or Shift+Enter) for its whole block.', price: 'Seat price
 * (CHF)', priceError: 'Enter an amount of 0 or more with at most two decimals.', apply: 'Apply
 * price', clearSelection: 'Clear selection', selectedCount: (n) => `${n} seats selected` }`.
 */
export interface SeatMapEditorLabels extends Omit<SeatMapLabels, 'tariffGroup'> {
  /** Accessible name of the action switch. */
  actionGroup: string;
  actions: Record<SeatMapAction, string>;
  /** How clicks and double clicks work; shown above the map and linked to it. */
  hint: string;
  /** The price field's label. */
  price: string;
  /** Shown under the price field for anything but 0…10000 with at most two decimals. */
  priceError: string;
  apply: string;
  clearSelection: string;
  selectedCount: (count: number) => string;
}

export interface SeatMapEditorProps {
  value: AircraftSection[];
  /** Called with the new sections after every change; the caller keeps them (controlled). */
  onChange: (sections: AircraftSection[]) => void;
  labels: SeatMapEditorLabels;
  tariffGroupName: (id: number) => string;
  locale: MoneyLocale;
  /** Column labels after which an aisle lies; default: the middle of the widest section. */
  aisleAfter?: readonly string[];
  /**
   * Seats held by passengers (a flight's taken seats): shown as taken and never hidden, so a
   * passenger's seat cannot vanish from the cabin. They can still be selected, priced, disabled
   * or reserved.
   */
  lockedLabels?: ReadonlySet<string>;
  /** Called with the locked seats a hide left on the map, so the caller can say why. */
  onLockedSeatsKept?: (labels: readonly string[]) => void;
  /** The level of the sections' headings, one below the page's heading above the map (3). */
  headingLevel?: 2 | 3 | 4;
}

const NO_LOCKED: ReadonlySet<string> = new Set();

/**
 * The content of the aircraft seat-map popup (spec 03 §2): an action switch (select, disable,
 * reserve, hide), the seat map where a click toggles the selection or the action's flag and a
 * double click does it for the whole connected block, and a price applied to the selected seats.
 * The caller opens it in a Dialog and saves what `onChange` hands over.
 */
export function SeatMapEditor({
  value,
  onChange,
  labels,
  tariffGroupName,
  locale,
  aisleAfter,
  lockedLabels = NO_LOCKED,
  onLockedSeatsKept,
  headingLevel,
}: SeatMapEditorProps) {
  const [action, setAction] = useState<SeatMapAction>('select');
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [priceText, setPriceText] = useState('');
  const [applyTried, setApplyTried] = useState(false);
  const hintId = useId();
  const aisles = useMemo(() => aisleAfter ?? defaultAisleAfter(value), [aisleAfter, value]);

  // The sections live with the caller; the reducer works on the current value each time.
  // Actions dispatched in one event (the second click of a double click presses, then
  // double-presses) chain: each starts from the state the one before made, not from this render's.
  const pending = useRef<SeatMapEditorState | null>(null);
  pending.current = null;
  const dispatch = (editorAction: SeatMapEditorAction) => {
    const state: SeatMapEditorState = pending.current ?? {
      action,
      selection,
      sections: value,
      aisleAfter: aisles,
      locked: lockedLabels,
    };
    const next = editorReducer(state, editorAction);
    pending.current = next;
    if (next.action !== action) setAction(next.action);
    if (next.selection !== selection) setSelection(next.selection);
    if (next.sections !== value) onChange(next.sections);
    // After onChange: the caller hears of the change first, then of the seats it left out.
    const kept = onLockedSeatsKept ? lockedSeatsKept(state, editorAction) : [];
    if (kept.length > 0) onLockedSeatsKept?.(kept);
  };

  // Seats that vanished from the value (another template loaded) no longer count.
  const selectedCount = [...selection].filter((label) => seatAt(value, label)).length;
  const price = parseSeatPrice(priceText);
  const priceInvalid = price === undefined && (priceText.trim() !== '' || applyTried);

  const apply = () => {
    setApplyTried(true);
    if (price === undefined || selectedCount === 0) return;
    dispatch({ type: 'applyPrice', price });
  };

  const mapLabels = useMemo<SeatMapLabels>(
    () => ({
      tariffGroup: tariffGroupName,
      seat: labels.seat,
      states: labels.states,
      exitRow: labels.exitRow,
      legend: labels.legend,
    }),
    [tariffGroupName, labels],
  );
  const seatState = useCallback(
    (label: string): SeatOverlay | undefined => (lockedLabels.has(label) ? 'taken' : undefined),
    [lockedLabels],
  );
  const legend = useMemo(() => {
    const states: SeatLegendState[] =
      action === 'hide'
        ? ['free', 'reserved', 'disabled', 'absent']
        : ['free', 'selected', 'reserved', 'disabled'];
    return lockedLabels.size > 0 ? [...states.slice(0, 2), 'taken' as const, ...states.slice(2)] : states;
  }, [action, lockedLabels]);

  return (
    <div className="fb-seatmap-editor">
      <div className="fb-seatmap-editor__toolbar">
        <ToggleButtonGroup
          aria-label={labels.actionGroup}
          className="fb-segmented"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[action]}
          onSelectionChange={(keys) => {
            const next = SEAT_MAP_ACTIONS.find((candidate) => keys.has(candidate));
            if (next) dispatch({ type: 'setAction', action: next });
          }}
        >
          {SEAT_MAP_ACTIONS.map((candidate) => (
            <ToggleButton key={candidate} id={candidate} className="fb-segmented__option">
              {labels.actions[candidate]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      <p id={hintId} className="fb-seatmap-editor__hint">
        {labels.hint}
      </p>
      <SeatMap
        sections={value}
        labels={mapLabels}
        locale={locale}
        aisleAfter={aisles}
        selectedLabels={selection}
        seatState={seatState}
        showAbsent={action === 'hide'}
        legend={legend}
        onSeatPress={(label) => dispatch({ type: 'click', label })}
        onSeatDoublePress={(label) => dispatch({ type: 'doubleClick', label })}
        aria-describedby={hintId}
        headingLevel={headingLevel}
      />
      <div className="fb-seatmap-editor__selection">
        <p className="fb-seatmap-editor__count" aria-live="polite">
          {labels.selectedCount(selectedCount)}
        </p>
        <Button
          variant="secondary"
          onPress={() => dispatch({ type: 'clearSelection' })}
          isDisabled={selectedCount === 0}
        >
          {labels.clearSelection}
        </Button>
      </div>
      {/* No <form>: the popup may sit in the flight form, and a nested submit would bubble to it. */}
      <div className="fb-seatmap-editor__price">
        <TextField
          label={labels.price}
          value={priceText}
          onChange={(text) => {
            setPriceText(text);
            setApplyTried(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply();
          }}
          inputMode="decimal"
          autoComplete="off"
          errorMessage={priceInvalid ? labels.priceError : null}
          className="fb-seatmap-editor__price-field"
        />
        <Button onPress={apply} isDisabled={selectedCount === 0}>
          {labels.apply}
        </Button>
      </div>
    </div>
  );
}
