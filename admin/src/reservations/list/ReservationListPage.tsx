import '../reservations.css';
import { adminPath } from '@flybook/domain';
import type { ReservationListItem } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BulkBar } from '../../app/list/BulkBar.tsx';
import { type RowSelection, ServerList } from '../../app/list/ServerList.tsx';
import { useListSelection } from '../../app/list/use-list-selection.ts';
import { useServerList } from '../../app/list/use-server-list.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { SectionTabs } from '../../app/SectionTabs.tsx';
import { OWN_RESERVATIONS, RESERVATIONS } from '../reservation-resources.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { ReservationListFilters } from './ReservationListFilters.tsx';
import type { MenuAction } from './ReservationRowActions.tsx';
import { reservationListPermissions } from './reservation-actions.ts';
import { ReservationActionsCell, reservationColumns } from './reservation-columns.tsx';
import {
  filtersFromAddress,
  highlightedId,
  highlightedRow,
  type ReservationFilterValues,
  reservationCrudFilters,
} from './reservation-filters.ts';
import { ReservationRowContext, type ReservationRowContextValue } from './reservation-row-context.ts';
import { SmsDialog } from './SmsDialog.tsx';
import { SplitDialog } from './SplitDialog.tsx';
import { useReservationJobs } from './use-reservation-jobs.ts';

/** Spec 02 §9: default 15, max 500, newest first. */
export const RESERVATION_LIST = {
  defaultPageSize: 15,
  maxPageSize: 500,
  defaultSort: { field: 'createdAt', order: 'desc' },
} as const;

type DialogState =
  | { kind: 'cancel'; reservation: ReservationListItem }
  | { kind: 'split'; reservation: ReservationListItem }
  | { kind: 'sms' };

/** A reservation's edit or payment page, leading back to this list with the reservation marked. */
const pathOf = (action: 'edit' | 'pay', reservation: ReservationListItem) =>
  `${
    action === 'edit'
      ? adminPath('reservationEdit', { reservationId: reservation.id })
      : adminPath('reservationPayment', { reservationId: reservation.id })
  }?source=reservationList`;

/**
 * Reservations (spec 02 §2 /reservation/list): filters, a server-paged list of every reservation
 * (ROLE_RESERVATION_LIST) or of the user's own, row actions by role and state, the cancel and split
 * popups, and the SMS bulk action. `ownerId` and `reservatorId` in the address preset the filters;
 * `highlightReservationId` marks a row.
 */
export function ReservationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useRouteAccess();
  const permissions = useMemo(() => reservationListPermissions(user), [user]);
  const own = !permissions.fullList;
  const resource = own ? OWN_RESERVATIONS : RESERVATIONS;
  const [initialFilters] = useState(() => filtersFromAddress(params));
  const toFilters = useCallback(
    (values: ReservationFilterValues) => reservationCrudFilters(values, own),
    [own],
  );
  const list = useServerList<ReservationListItem, ReservationFilterValues>({
    ...RESERVATION_LIST,
    resource,
    initialFilters,
    toFilters,
  });

  // A reservation the list was opened for (after its payment) that is not on this page: the list
  // says so and finds it by its number (`#42` matches the id only), rather than leave it unseen.
  const highlight = highlightedId(params);
  const highlightElsewhere =
    highlight !== null &&
    !list.isLoading &&
    !list.isFetching &&
    list.error === null &&
    list.rows.length > 0 &&
    !list.rows.some((row) => row.id === highlight) &&
    list.filterValues.query !== `#${highlight}`;

  // The SMS goes to chosen reservations by id (the call takes no filters): no "all matching".
  const selection = useListSelection<ReservationListItem, ReservationFilterValues>();
  const { clear: clearSelection } = selection;
  const chosen = selection.query().ids;
  // A choice belongs to the filters it was made under.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the filter values
  useEffect(() => clearSelection(), [list.filterValues, clearSelection]);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const jobs = useReservationJobs({
    resource,
    onDone: (job, succeeded) => {
      if (job.kind === 'cancel' || job.kind === 'split' || job.kind === 'sms') setDialog(null);
      if (succeeded && job.kind === 'sms') clearSelection();
    },
  });

  const rowContext = useMemo<ReservationRowContextValue>(
    () => ({
      permissions,
      pathOf,
      onAction: (action: MenuAction, reservation) => {
        switch (action) {
          case 'ticket':
          case 'invoice':
          case 'creditNote':
            jobs.run({ kind: action, id: reservation.id });
            return;
          case 'cancel':
          case 'split':
            setDialog({ kind: action, reservation });
            return;
          case 'pay':
            navigate(pathOf('pay', reservation));
            return;
          case 'history':
            navigate(adminPath('reservationHistory', { reservationId: reservation.id }));
        }
      },
      running:
        jobs.running && 'id' in jobs.running ? { action: jobs.running.kind, id: jobs.running.id } : null,
    }),
    [permissions, jobs.run, jobs.running, navigate],
  );

  const columns = useMemo(
    () =>
      reservationColumns({
        t,
        fullView: permissions.fullView,
        actions: ReservationActionsCell,
      }),
    [t, permissions.fullView],
  );

  const rowSelection = useMemo<RowSelection<ReservationListItem> | undefined>(
    () =>
      permissions.sms
        ? {
            isSelected: selection.isSelected,
            onChange: selection.onChange,
            rowLabel: (row) => t('reservations.list.selectRow', { id: row.id }),
            pageLabel: t('reservations.list.selectPage'),
          }
        : undefined,
    [permissions.sms, selection.isSelected, selection.onChange, t],
  );

  return (
    <>
      <SectionTabs section="reservation" user={user} />
      <PageHeader title={t('reservations.list.title')}>
        {permissions.create ? (
          <Link className="fb-button fb-button--primary" to={adminPath('reservationNew')}>
            {t('reservations.list.add')}
          </Link>
        ) : null}
      </PageHeader>
      <ReservationListFilters list={list} permissions={permissions} />
      {permissions.sms ? (
        <BulkBar
          texts={{
            label: t('reservations.list.bulk'),
            selected: (count) => t('reservations.list.chosen', { count }),
            none: t('reservations.list.noneChosen'),
            clear: t('reservations.list.clearChoice'),
          }}
          count={chosen.length}
          isAll={false}
          total={list.total}
          pageRows={list.rows.length}
          onClear={clearSelection}
        >
          <Button
            variant="secondary"
            isDisabled={chosen.length === 0}
            onPress={() => setDialog({ kind: 'sms' })}
          >
            {t('reservations.sms.open')}
          </Button>
        </BulkBar>
      ) : null}
      {highlightElsewhere ? (
        <p className="list-note" role="status">
          {t('reservations.list.highlightElsewhere', { id: highlight })}{' '}
          <Button variant="link" onPress={() => list.setFilter('query', `#${highlight}`)}>
            {t('reservations.list.showHighlighted')}
          </Button>
        </p>
      ) : null}
      <ReservationRowContext.Provider value={rowContext}>
        <div className="reservation-list">
          <ServerList
            list={list}
            columns={columns}
            label={t('reservations.list.title')}
            emptyTitle={t('reservations.list.empty')}
            emptyHint={t('list.emptyHint')}
            selection={rowSelection}
            rowClassName={highlightedRow(highlight)}
          />
        </div>
      </ReservationRowContext.Provider>
      {dialog?.kind === 'cancel' ? (
        <CancelDialog
          reservation={dialog.reservation}
          isPending={jobs.running?.kind === 'cancel'}
          onCancel={() => setDialog(null)}
          onConfirm={(fee) => jobs.run({ kind: 'cancel', id: dialog.reservation.id, fee })}
        />
      ) : null}
      {dialog?.kind === 'split' ? (
        <SplitDialog
          reservationId={dialog.reservation.id}
          isPending={jobs.running?.kind === 'split'}
          onCancel={() => setDialog(null)}
          onConfirm={(passengerId) => jobs.run({ kind: 'split', id: dialog.reservation.id, passengerId })}
        />
      ) : null}
      {dialog?.kind === 'sms' ? (
        <SmsDialog
          count={chosen.length}
          isPending={jobs.running?.kind === 'sms'}
          onCancel={() => setDialog(null)}
          onSend={(content) => jobs.run({ kind: 'sms', ids: chosen, content })}
        />
      ) : null}
    </>
  );
}
