import { Button } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { actionLabel } from './action-labels.ts';
import {
  BULK_ACTIONS,
  type BulkActionKind,
  bulkActionState,
  type FlightListPermissions,
} from './flight-actions.ts';
import type { FlightJobKind } from './use-flight-jobs.ts';
import type { FlightSelectionState } from './use-flight-selection.ts';

/**
 * The bulk actions above the list: how many flights are chosen, the choice of every flight
 * matching the filters, and the actions the user holds the role for.
 */
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
  const offerAll = !selection.isAll && count > 0 && count >= pageRows && total > count;

  return (
    <section className="list-bulk" aria-label={t('flights.list.bulk.label')}>
      <p className="list-bulk__count" role="status">
        {selection.isAll
          ? t('flights.list.bulk.allSelected', { count })
          : count > 0
            ? t('flights.list.bulk.selected', { count })
            : t('flights.list.bulk.none')}
      </p>
      {offerAll ? (
        <Button variant="link" onPress={onSelectAll}>
          {t('flights.list.bulk.selectAll', { total })}
        </Button>
      ) : null}
      {count > 0 || selection.isAll ? (
        <Button variant="link" onPress={selection.clear}>
          {t('flights.list.bulk.clear')}
        </Button>
      ) : null}
      <div className="list-bulk__actions">
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
      </div>
    </section>
  );
}
