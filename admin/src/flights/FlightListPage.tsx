import './flight-list/flight-list.css';
import { adminPath } from '@flybook/domain';
import type { FlightListItem } from '@flybook/schemas';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { type RowSelection, ServerList } from '../app/list/ServerList.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { actionLabel, confirmMany, confirmOne, needsConfirmation } from './flight-list/action-labels.ts';
import { DelayDialog } from './flight-list/DelayDialog.tsx';
import { FlightBulkBar } from './flight-list/FlightBulkBar.tsx';
import { FlightInfoDialog } from './flight-list/FlightInfoDialog.tsx';
import { FlightListFilters } from './flight-list/FlightListFilters.tsx';
import {
  BULK_ACTIONS,
  type BulkActionKind,
  bulkActionState,
  flightListPermissions,
  type RowActionKind,
} from './flight-list/flight-actions.ts';
import { flightColumns, flightName, hasTotalSeats, seatColumnGroups } from './flight-list/flight-columns.tsx';
import {
  type FlightFilterValues,
  flightCrudFilters,
  flightFilters,
  INITIAL_FLIGHT_FILTERS,
} from './flight-list/flight-filters.ts';
import { AGENT_FLIGHTS } from './flight-list/flight-list-resources.ts';
import { useAirports, useTariffGroups } from './flight-list/flight-lookups.ts';
import { FlightRowContext, type FlightRowContextValue } from './flight-list/flight-row-context.ts';
import { type FlightJob, useFlightJobs } from './flight-list/use-flight-jobs.ts';
import { useFlightSelection } from './flight-list/use-flight-selection.ts';
import { FLIGHTS } from './flight-resources.ts';

/** Spec 03 §9: default 15, max 500, sorted by departure ascending, created flights only. */
export const FLIGHT_LIST = {
  defaultPageSize: 15,
  maxPageSize: 500,
  defaultSort: { field: 'departure', order: 'asc' },
} as const;

type DialogState =
  | { kind: 'info'; flight: FlightListItem }
  | { kind: 'delay' | 'undelay'; flight: FlightListItem }
  | { kind: 'confirm'; job: FlightJob; title: string; message: string; confirmLabel: string };

const editPath = (flight: FlightListItem) => adminPath('flightEdit', { flightId: flight.id });
const passengersPath = (flight: FlightListItem) => adminPath('passengerList', { flightId: flight.id });

/** The job of a row action on one flight (delay and undelay go through their dialog first). */
function rowJob(kind: Exclude<RowActionKind, 'delay' | 'undelay'>, flight: FlightListItem): FlightJob {
  switch (kind) {
    case 'cancel':
    case 'departed':
    case 'bookOut':
    case 'unbookOut':
      return { kind, flight };
    default:
      return { kind, selection: { ids: [flight.id] } };
  }
}

/**
 * Flights (spec 03 §2, Flight section): filters, a server-paged list with local times and seats
 * per tariff group, row and bulk actions by role and flight state, the flight info popup, the
 * delay dialog and the two documents. Agents get their own list call and see no total seats.
 */
export function FlightListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { user, canOpen } = useRouteAccess();
  const permissions = useMemo(() => flightListPermissions(user.roles), [user.roles]);
  const resource = permissions.fullList ? FLIGHTS : AGENT_FLIGHTS;
  const mayEdit = canOpen('flightEdit');
  const mayOpenPassengers = canOpen('passengerList');

  const list = useServerList<FlightListItem, FlightFilterValues>({
    ...FLIGHT_LIST,
    resource,
    initialFilters: INITIAL_FLIGHT_FILTERS,
    toFilters: flightCrudFilters,
  });
  const airports = useAirports();
  const tariffGroups = useTariffGroups();

  const selection = useFlightSelection();
  const { clear: clearSelection } = selection;
  // "All matching" and the chosen rows belong to the filters they were chosen under.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the filter values
  useEffect(() => clearSelection(), [list.filterValues, clearSelection]);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const jobs = useFlightJobs({
    resource,
    onDone: (job, succeeded) => {
      setDialog(null);
      if (succeeded && 'selection' in job && job.kind !== 'turnoverPdf' && job.kind !== 'passengerReport') {
        clearSelection();
      }
    },
  });

  const { setFilter } = list;
  const onAction = useCallback(
    (kind: RowActionKind, flight: FlightListItem) => {
      if (kind === 'delay' || kind === 'undelay') {
        setDialog({ kind, flight });
        return;
      }
      const job = rowJob(kind, flight);
      if (needsConfirmation(kind)) {
        setDialog({
          kind: 'confirm',
          job,
          ...confirmOne(t, kind, flight, { locale }),
          confirmLabel: actionLabel(t, kind),
        });
      } else {
        jobs.run(job);
      }
    },
    [t, locale, jobs.run],
  );

  const rowContext = useMemo<FlightRowContextValue>(
    () => ({
      permissions,
      mayEdit,
      editPath,
      mayOpenPassengers,
      passengersPath,
      onAction,
      onEdit: (flight) => navigate(editPath(flight)),
      onPassengers: (flight) => navigate(passengersPath(flight)),
      onInfo: (flight) => setDialog({ kind: 'info', flight }),
      onSequence: (id) => setFilter('sequence', String(id)),
    }),
    [permissions, mayEdit, mayOpenPassengers, onAction, navigate, setFilter],
  );

  const total = list.total;
  const onBulk = (kind: BulkActionKind) => {
    const query = selection.query();
    if (kind === 'turnoverPdf' || kind === 'passengerReport') {
      jobs.run({ kind, selection: query });
      return;
    }
    const job: FlightJob = { kind, selection: query };
    if (needsConfirmation(kind)) {
      setDialog({
        kind: 'confirm',
        job,
        ...confirmMany(t, kind, selection.count(total)),
        confirmLabel: actionLabel(t, kind),
      });
    } else {
      jobs.run(job);
    }
  };

  const hasBulk = BULK_ACTIONS.some((kind) => bulkActionState(kind, permissions, 1, undefined) !== 'hidden');
  const rowSelection = useMemo<RowSelection<FlightListItem> | undefined>(
    () =>
      hasBulk
        ? {
            isSelected: selection.isSelected,
            onChange: selection.onChange,
            rowLabel: (flight) => t('flights.list.selectRow', { flight: flightName(flight, locale) }),
            pageLabel: t('flights.list.selectPage'),
          }
        : undefined,
    [hasBulk, selection.isSelected, selection.onChange, t, locale],
  );

  const groupNames = useMemo(
    () => new Map((tariffGroups ?? []).map((group) => [group.id, group.name[locale] || group.code])),
    [tariffGroups, locale],
  );
  const seatGroupKey = seatColumnGroups(list.rows, groupNames, t)
    .map((group) => `${group.id}:${group.name}`)
    .join('|');
  const showTotalSeats = hasTotalSeats(list.rows);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns change only with the groups shown (seatGroupKey)
  const columns = useMemo(
    () =>
      flightColumns({ t, locale, seatGroups: seatColumnGroups(list.rows, groupNames, t), showTotalSeats }),
    [t, locale, seatGroupKey, showTotalSeats],
  );

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader title={t('flights.list.title')}>
        {canOpen('flightNew') ? (
          <Link className="fb-button fb-button--primary" to={adminPath('flightNew')}>
            {t('flights.list.add')}
          </Link>
        ) : null}
      </PageHeader>
      <FlightListFilters list={list} airports={airports} />
      <p className="list-note">{t('flights.list.note')}</p>
      {hasBulk ? (
        <FlightBulkBar
          selection={selection}
          total={total}
          pageRows={list.rows.length}
          permissions={permissions}
          running={jobs.running}
          onSelectAll={() => selection.selectAllMatching(flightFilters(list.filterValues))}
          onAction={onBulk}
        />
      ) : null}
      <FlightRowContext.Provider value={rowContext}>
        <ServerList
          list={list}
          columns={columns}
          label={t('flights.list.title')}
          emptyTitle={t('flights.list.empty')}
          emptyHint={t('list.emptyHint')}
          selection={rowSelection}
          onRowClick={mayEdit ? (flight) => navigate(editPath(flight)) : undefined}
        />
      </FlightRowContext.Provider>
      {dialog?.kind === 'info' ? (
        <FlightInfoDialog flight={dialog.flight} permissions={permissions} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delay' || dialog?.kind === 'undelay' ? (
        <DelayDialog
          flight={dialog.flight}
          mode={dialog.kind}
          isPending={jobs.running === dialog.kind}
          onCancel={() => setDialog(null)}
          onSubmit={(notify) =>
            jobs.run(
              dialog.kind === 'delay'
                ? { kind: 'delay', flight: dialog.flight, notify }
                : { kind: 'undelay', flight: dialog.flight, notify },
            )
          }
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmDialog
          isOpen
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.confirmLabel}
          isPending={jobs.running === dialog.job.kind}
          onCancel={() => setDialog(null)}
          onConfirm={() => jobs.run(dialog.job)}
        />
      ) : null}
    </>
  );
}
