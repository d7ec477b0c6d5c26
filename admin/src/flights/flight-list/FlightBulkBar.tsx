import { Button } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../app/list/BulkBar.tsx';
import { actionLabel } from './action-labels.ts';
import {
  BULK_ACTIONS,
  type BulkActionKind,
  bulkActionState,
  type FlightListPermissions,
} from './flight-actions.ts';
import type { FlightJobKind } from './use-flight-jobs.ts';
import type { FlightSelectionState } from './use-flight-selection.ts';

/** The flight list's bulk bar: the actions the user holds the role for (app/list BulkBar). */
export function FlightBulkBar({
  selection,
  total,
  pageRows,
  permissions,
  running,
  onSelectAll,
  onAction,
}: {
  selection: FlightSelectionState;
  /** Flights matching the filters. */
  total: number;
  /** Rows on the page shown. */
  pageRows: number;
  permissions: FlightListPermissions;
  running: FlightJobKind | undefined;
  onSelectAll: () => void;
  onAction: (kind: BulkActionKind) => void;
}) {
  const { t } = useTranslation();
  const count = selection.count(total);
  const actions = BULK_ACTIONS.map((kind) => ({
    kind,
    state: bulkActionState(kind, permissions, count, selection.rows),
  })).filter((action) => action.state !== 'hidden');

  return (
    <BulkBar
      texts={{
        label: t('flights.list.bulk.label'),
        allSelected: (selected) => t('flights.list.bulk.allSelected', { count: selected }),
        selected: (selected) => t('flights.list.bulk.selected', { count: selected }),
        none: t('flights.list.bulk.none'),
        selectAll: (matching) => t('flights.list.bulk.selectAll', { total: matching }),
        clear: t('flights.list.bulk.clear'),
      }}
      count={count}
      isAll={selection.isAll}
      total={total}
      pageRows={pageRows}
      onSelectAll={onSelectAll}
      onClear={selection.clear}
    >
      {actions.map((action) => (
        <Button
          key={action.kind}
          variant="secondary"
          isDisabled={action.state === 'disabled' || (running !== undefined && running !== action.kind)}
          isPending={running === action.kind}
          onPress={() => onAction(action.kind)}
        >
          {actionLabel(t, action.kind)}
        </Button>
      ))}
    </BulkBar>
  );
}
