import { formatDate } from '@flybook/locales/format';
import '../flights/flight-list/flight-list.css';
import './passengers.css';
import { adminPath } from '@flybook/domain';
import {
  type FlightPassenger,
  type FlightPassengerFilters,
  type FlightPassengerSelection,
  flightCalls,
} from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useServices } from '../app/context.tsx';
import { isNotFound, LoadFailure, RecordNotFound } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { BulkBar } from '../app/list/BulkBar.tsx';
import { HIGHLIGHT_ROW_CLASS, type RowSelection, ServerList } from '../app/list/ServerList.tsx';
import { useListSelection } from '../app/list/use-list-selection.ts';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { flightLocalTimes } from '../flights/flight-format.ts';
import { useTariffGroups } from '../flights/flight-list/flight-lookups.ts';
import { BoardingPassScan } from './BoardingPassScan.tsx';
import { FlightBar } from './FlightBar.tsx';
import { NoShowDialog, NotifyDialog } from './MarkDialogs.tsx';
import { PassengerListFilters } from './PassengerListFilters.tsx';
import { PnlDialog } from './PnlDialog.tsx';
import { PASSENGER_ROW_HEIGHT, passengerColumns, passengerName } from './passenger-columns.tsx';
import {
  INITIAL_PASSENGER_FILTERS,
  type PassengerFilterValues,
  passengerCrudFilters,
  passengerFilters,
} from './passenger-filters.ts';
import { passengerListPermissions } from './passenger-permissions.ts';
import { FLIGHT_PASSENGERS } from './passenger-resources.ts';
import { PassengerRowContext, type PassengerRowContextValue } from './passenger-row-context.ts';
import { SeatDialog } from './SeatDialog.tsx';
import { type AppearingMark, passengerInfoKey, usePassengerJobs } from './use-passenger-jobs.ts';

/** Spec 03 §9: sorted by last name ascending; a flight's passengers fit on one page of 100. */
export const PASSENGER_LIST = {
  defaultPageSize: 100,
  maxPageSize: 500,
  defaultSort: { field: 'lastName', order: 'asc' },
} as const;

const ID = /^[1-9]\d{0,9}$/;

type DialogState =
  | { kind: 'noShow'; passenger: FlightPassenger }
  | { kind: 'bulkNoShow'; selection: FlightPassengerSelection; count: number }
  | { kind: 'seat'; passenger: FlightPassenger }
  | { kind: 'notify'; passenger: FlightPassenger }
  | { kind: 'pnl' };

/**
 * The passenger list of a flight (spec 03 §2, §4, §7): title with the flight's number, local
 * departure and airports; filters; the flight's Delayed or Departed action and its counts; the
 * passengers with appearing marks (one by one, or in bulk with the bulk role), seats (seat map or
 * typed label), the notified mark and online check-in; the gate's boarding pass scan; the PNL viewer
 * and the PAX list and passenger report downloads.
 * `highlightReservationId` marks the rows of a reservation (coming back from its payment).
 */
export function PassengerListPage() {
  const params = useParams();
  const flightId = ID.test(params.flightId ?? '') ? Number(params.flightId) : null;
  const { t } = useTranslation();
  if (flightId === null) {
    return (
      <>
        <PageHeader
          title={t('passengers.title')}
          back={{ to: adminPath('flightList'), label: t('passengers.back') }}
        />
        <RecordNotFound level={2} text={t('notFound.record')} />
      </>
    );
  }
  return <PassengerList flightId={flightId} />;
}

function PassengerList({ flightId }: { flightId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const { user, canOpen } = useRouteAccess();
  const [search] = useSearchParams();
  const highlight = Number(search.get('highlightReservationId') ?? Number.NaN);
  const permissions = useMemo(() => passengerListPermissions(user.roles), [user.roles]);

  const flightQuery = useQuery({
    queryKey: [...passengerInfoKey(flightId), 'flight'],
    queryFn: ({ signal }) => client.call(flightCalls.get, { params: { id: flightId } }, { signal }),
  });
  const flight = flightQuery.data;
  const allGroups = useTariffGroups();
  const flightGroups = useMemo(() => {
    if (!flight || !allGroups) return [];
    const ids = new Set(flight.seatsByTariff.map((seats) => seats.tariffGroup.id));
    return allGroups.filter((group) => ids.has(group.id));
  }, [flight, allGroups]);
  const groupName = useCallback(
    (id: number) => {
      const group = allGroups?.find((item) => item.id === id);
      return group ? group.name[locale] || group.code : String(id);
    },
    [allGroups, locale],
  );

  const list = useServerList<FlightPassenger, PassengerFilterValues>({
    ...PASSENGER_LIST,
    resource: FLIGHT_PASSENGERS,
    initialFilters: INITIAL_PASSENGER_FILTERS,
    toFilters: passengerCrudFilters,
    meta: { params: { flightId } },
  });

  const selection = useListSelection<FlightPassenger, Partial<FlightPassengerFilters>>();
  const { clear: clearSelection } = selection;
  // "All matching" and the chosen rows belong to the filters they were chosen under.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the filter values
  useEffect(() => clearSelection(), [list.filterValues, clearSelection]);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const jobs = usePassengerJobs({
    flightId,
    onDone: (job, succeeded) => {
      if (job.kind !== 'paxList' && job.kind !== 'passengerReport') setDialog(null);
      if (succeeded && job.kind === 'bulkAppearing') clearSelection();
    },
  });
  const running = jobs.running;
  const busyId =
    running && (running.kind === 'appearing' || running.kind === 'notify') ? running.passenger.id : undefined;

  const onAppearing = useCallback<PassengerRowContextValue['onAppearing']>(
    (passenger, mark) => {
      if (mark === 'noShow') setDialog({ kind: 'noShow', passenger });
      else jobs.run({ kind: 'appearing', passenger, mark });
    },
    [jobs.run],
  );
  const rowContext = useMemo<PassengerRowContextValue | null>(
    () =>
      flight
        ? {
            flight,
            departureDay: flightLocalTimes(flight).departure.date,
            permissions,
            busyId,
            mayPay: canOpen('reservationPayment'),
            onAppearing,
            onSeat: (passenger) => setDialog({ kind: 'seat', passenger }),
            onNotify: (passenger) => setDialog({ kind: 'notify', passenger }),
          }
        : null,
    [flight, permissions, busyId, canOpen, onAppearing],
  );

  const columns = useMemo(() => passengerColumns({ t, locale }), [t, locale]);
  const hasBulk = permissions.bulk;
  const rowSelection = useMemo<RowSelection<FlightPassenger> | undefined>(
    () =>
      hasBulk
        ? {
            isSelected: selection.isSelected,
            onChange: selection.onChange,
            rowLabel: (passenger) => t('passengers.list.selectRow', { name: passengerName(passenger) }),
            pageLabel: t('passengers.list.selectPage'),
          }
        : undefined,
    [hasBulk, selection.isSelected, selection.onChange, t],
  );

  const bulkMark = (mark: AppearingMark | 'noShow') => {
    const query = selection.query();
    if (mark === 'noShow')
      setDialog({ kind: 'bulkNoShow', selection: query, count: selection.count(list.total) });
    else jobs.run({ kind: 'bulkAppearing', selection: query, mark });
  };

  if (flightQuery.isError) {
    return (
      <>
        <PageHeader
          title={t('passengers.title')}
          back={{ to: adminPath('flightList'), label: t('passengers.back') }}
        />
        {isNotFound(flightQuery.error) ? (
          <RecordNotFound level={2} text={t('notFound.record')} />
        ) : (
          <LoadFailure
            error={flightQuery.error}
            title={t('passengers.loadError')}
            onRetry={() => flightQuery.refetch()}
            isRetrying={flightQuery.isFetching}
          />
        )}
      </>
    );
  }
  if (!flight || !rowContext) {
    return (
      <>
        <PageHeader
          title={t('passengers.title')}
          back={{ to: adminPath('flightList'), label: t('passengers.back') }}
        />
        <p className="passenger-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      </>
    );
  }

  const { departure } = flightLocalTimes(flight);
  const title = t('passengers.titleFlight', {
    number: flight.number,
    date: formatDate(departure.date, locale),
    time: departure.time,
    origin: flight.origin.name[locale] || flight.origin.code,
    destination: flight.destination.name[locale] || flight.destination.code,
  });
  const count = selection.count(list.total);
  const bulkBusy = running?.kind === 'bulkAppearing';

  return (
    <>
      <PageHeader title={title} back={{ to: adminPath('flightList'), label: t('passengers.back') }}>
        <Button variant="secondary" onPress={() => setDialog({ kind: 'pnl' })}>
          {t('passengers.actions.pnl')}
        </Button>
        <Button
          variant="secondary"
          isPending={running?.kind === 'paxList'}
          onPress={() => jobs.run({ kind: 'paxList' })}
        >
          {t('passengers.actions.paxList')}
        </Button>
        {permissions.passengerReport ? (
          <Button
            variant="secondary"
            isPending={running?.kind === 'passengerReport'}
            onPress={() => jobs.run({ kind: 'passengerReport' })}
          >
            {t('passengers.actions.passengerReport')}
          </Button>
        ) : null}
      </PageHeader>
      <PassengerListFilters list={list} tariffGroups={flightGroups} />
      <FlightBar
        flight={flight}
        permissions={permissions}
        onChanged={() => {
          void flightQuery.refetch();
          void jobs.refresh();
        }}
      />
      {permissions.scan ? <BoardingPassScan flight={flight} onScanned={() => void jobs.refresh()} /> : null}
      {hasBulk ? (
        <BulkBar
          texts={{
            label: t('passengers.bulk.label'),
            allSelected: (selected) => t('passengers.bulk.allSelected', { count: selected }),
            selected: (selected) => t('passengers.bulk.selected', { count: selected }),
            none: t('passengers.bulk.none'),
            selectAll: (total) => t('passengers.bulk.selectAll', { total }),
            clear: t('passengers.bulk.clear'),
          }}
          count={count}
          isAll={selection.isAll}
          total={list.total}
          pageRows={list.rows.length}
          onSelectAll={() => selection.selectAllMatching(passengerFilters(list.filterValues))}
          onClear={selection.clear}
        >
          <Button
            variant="secondary"
            isDisabled={count === 0 || running !== undefined || flight.status === 'cancelled'}
            isPending={running?.kind === 'bulkAppearing' && running.mark?.isAppeared === true}
            onPress={() => bulkMark({ isAppeared: true })}
          >
            {t('passengers.bulk.appeared')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={count === 0 || running !== undefined || flight.status === 'cancelled'}
            onPress={() => bulkMark('noShow')}
          >
            {t('passengers.bulk.noShow')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={count === 0 || running !== undefined || flight.status === 'cancelled'}
            isPending={running?.kind === 'bulkAppearing' && running.mark === null}
            onPress={() => bulkMark(null)}
          >
            {t('passengers.bulk.pending')}
          </Button>
        </BulkBar>
      ) : null}
      <PassengerRowContext.Provider value={rowContext}>
        <ServerList
          list={list}
          columns={columns}
          label={t('passengers.list.label')}
          emptyTitle={t('passengers.list.empty')}
          emptyHint={t('passengers.list.emptyHint')}
          selection={rowSelection}
          rowHeight={PASSENGER_ROW_HEIGHT}
          rowClassName={(passenger) =>
            passenger.reservation.id === highlight ? HIGHLIGHT_ROW_CLASS : undefined
          }
        />
      </PassengerRowContext.Provider>

      {dialog?.kind === 'noShow' ? (
        <NoShowDialog
          subject={passengerName(dialog.passenger)}
          isPending={running?.kind === 'appearing'}
          onCancel={() => setDialog(null)}
          onSubmit={(comment) =>
            jobs.run({ kind: 'appearing', passenger: dialog.passenger, mark: { isAppeared: false, comment } })
          }
        />
      ) : null}
      {dialog?.kind === 'bulkNoShow' ? (
        <NoShowDialog
          subject={t('passengers.bulk.subject', { count: dialog.count })}
          isPending={bulkBusy}
          onCancel={() => setDialog(null)}
          onSubmit={(comment) =>
            jobs.run({
              kind: 'bulkAppearing',
              selection: dialog.selection,
              mark: { isAppeared: false, comment },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'seat' ? (
        <SeatDialog
          flight={flight}
          passenger={dialog.passenger}
          tariffGroupName={groupName}
          onCancel={() => setDialog(null)}
          onSaved={(saved) => {
            void jobs.refresh();
            // Spec 03 §2: after a seat change, ask whether to tell the passengers.
            setDialog(permissions.marking ? { kind: 'notify', passenger: saved } : null);
          }}
        />
      ) : null}
      {dialog?.kind === 'notify' ? (
        <NotifyDialog
          name={passengerName(dialog.passenger)}
          isNotified={dialog.passenger.isNotified}
          isPending={running?.kind === 'notify'}
          onCancel={() => setDialog(null)}
          onSubmit={(notify) =>
            jobs.run({ kind: 'notify', passenger: dialog.passenger, isNotified: true, notify })
          }
          onUnmark={() =>
            jobs.run({
              kind: 'notify',
              passenger: dialog.passenger,
              isNotified: false,
              notify: { isEmailNotifyEnabled: false, isSmsNotifyEnabled: false },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'pnl' ? (
        <PnlDialog flightId={flightId} maySend={permissions.sendPnl} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
