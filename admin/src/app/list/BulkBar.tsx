import { Button } from '@flybook/ui';
import type { ReactNode } from 'react';

/** The texts of a bulk bar, in the area's words ("3 flights selected"). */
export interface BulkBarTexts {
  /** The accessible name of the bar. */
  label: string;
  /** Shown when all matching are chosen, with their count (lists that offer it). */
  allSelected?: (count: number) => string;
  selected: (count: number) => string;
  none: string;
  /** The offer to choose every record matching the filters, with their number (lists that offer it). */
  selectAll?: (total: number) => string;
  clear: string;
}

/**
 * The bulk bar above a server list: how many records are chosen, the offer to choose all matching
 * the filters once a whole page is chosen, clearing the choice, and the area's actions on the right.
 */
export function BulkBar({
  texts,
  count,
  isAll,
  total,
  pageRows,
  onSelectAll,
  onClear,
  children,
}: {
  texts: BulkBarTexts;
  /** Records chosen. */
  count: number;
  isAll: boolean;
  /** Records matching the filters. */
  total: number;
  /** Rows on the page shown. */
  pageRows: number;
  /** Chooses every record matching the filters; lists whose bulk calls take only ids leave it out. */
  onSelectAll?: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const offerAll = onSelectAll !== undefined && !isAll && count > 0 && count >= pageRows && total > count;
  return (
    <section className="list-bulk" aria-label={texts.label}>
      <p className="list-bulk__count" role="status">
        {isAll && texts.allSelected
          ? texts.allSelected(count)
          : count > 0
            ? texts.selected(count)
            : texts.none}
      </p>
      {offerAll && texts.selectAll ? (
        <Button variant="link" onPress={onSelectAll}>
          {texts.selectAll(total)}
        </Button>
      ) : null}
      {count > 0 || isAll ? (
        <Button variant="link" onPress={onClear}>
          {texts.clear}
        </Button>
      ) : null}
      <div className="list-bulk__actions">{children}</div>
    </section>
  );
}
