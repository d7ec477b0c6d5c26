import './messages.css';
import { adminPath } from '@flybook/domain';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type Message, messageCalls } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/context.tsx';
import { formatDateTime } from '../app/date-format.ts';
import { toHttpError } from '../app/errors.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { ListFilters, SearchFilter, SelectFilter } from '../app/list/ListFilters.tsx';
import { ServerList } from '../app/list/ServerList.tsx';
import { filtersFromValues, useServerList } from '../app/list/use-server-list.ts';
import { actionFailureMessage } from '../app/notices.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { MESSAGES } from './message-resources.ts';

/** Newest first, 15 a page like the event log. */
export const MESSAGE_LIST = {
  resource: MESSAGES,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'createdAt', order: 'desc' },
} as const;

/** Long texts (addresses, errors, dates) wrap in their cell instead of being cut off. */
const WRAPPED = { wrapText: true, autoHeight: true } as const;

type MessageFilterValues = {
  recipient: string;
  template: string;
  status: string;
  channel: string;
  reservationId: string;
};

/** The filter bar's values as query fields; a reservation number that is not one is left out. */
const messageFilters = (values: MessageFilterValues) =>
  filtersFromValues({
    ...values,
    reservationId: /^\d{1,9}$/.test(values.reservationId.trim()) ? values.reservationId : '',
  });

function StatusCell({ data }: CustomCellRendererProps<Message>) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <span className={`status-badge status-badge--${data.status}`}>
      {t(`settings.messages.statuses.${data.status}`)}
    </span>
  );
}

/** The subject, and a paperclip with the number of attached files (their names on hover). */
function SubjectCell({ data }: CustomCellRendererProps<Message>) {
  const { t } = useTranslation();
  if (!data) return null;
  const names = t('settings.messages.attachments', { names: data.attachments.join(', ') });
  return (
    <>
      {data.subject ?? ''}
      {data.attachments.length > 0 ? (
        <span className="message-attachments" title={names} aria-label={names} role="img">
          {' '}
          📎{data.attachments.length}
        </span>
      ) : null}
    </>
  );
}

function ReservationCell({ data }: CustomCellRendererProps<Message>) {
  const { canOpen } = useRouteAccess();
  if (!data || data.reservationId === null) return null;
  const id = String(data.reservationId);
  return canOpen('reservationEdit') ? (
    <Link to={adminPath('reservationEdit', { reservationId: id })}>{id}</Link>
  ) : (
    <span>{id}</span>
  );
}

function ResendCell({
  data,
  onResend,
  busyId,
}: CustomCellRendererProps<Message> & { onResend: (message: Message) => void; busyId: number | null }) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <Button
      variant="secondary"
      className="row-action"
      aria-label={`${t('settings.messages.resend')}: ${data.recipient}`}
      isDisabled={busyId === data.id}
      onPress={() => onResend(data)}
    >
      {t('settings.messages.resend')}
    </Button>
  );
}

/**
 * The e-mails and SMS the platform sent, is waiting to send or gave up on (issue 24): who got what,
 * how often it was tried and why it failed, and a Resend action that queues a message again.
 */
export function MessageListPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { user } = useRouteAccess();
  const { client, notifications, translateError } = useServices();
  const invalidate = useInvalidate();
  const list = useServerList<Message, MessageFilterValues>({
    ...MESSAGE_LIST,
    initialFilters: { recipient: '', template: '', status: '', channel: '', reservationId: '' },
    toFilters: messageFilters,
  });
  const resend = useMutation({
    mutationFn: (message: Message) => client.call(messageCalls.resend, { params: { id: message.id } }),
    onSuccess: async () => {
      notifications.notify({ kind: 'success', message: t('settings.messages.resent') });
      await invalidate({ resource: MESSAGES, invalidates: ['list'] });
    },
    onError: (error) => {
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      if (message) notifications.notify({ kind: 'error', message });
    },
  });
  const title = t('settings.messages.title');
  const busyId = resend.isPending ? (resend.variables?.id ?? null) : null;

  const columns = useMemo<ColDef<Message>[]>(
    () => [
      {
        colId: 'createdAt',
        headerName: t('settings.messages.columns.createdAt'),
        valueGetter: ({ data }) => (data ? formatDateTime(data.createdAt, locale) : ''),
        sortable: true,
        ...WRAPPED,
        minWidth: 110,
      },
      {
        colId: 'recipient',
        headerName: t('settings.messages.columns.recipient'),
        field: 'recipient',
        cellClass: 'message-break',
        ...WRAPPED,
        minWidth: 140,
        flex: 1.5,
      },
      {
        colId: 'channel',
        headerName: t('settings.messages.columns.channel'),
        valueGetter: ({ data }) => (data ? t(`settings.messages.channels.${data.channel}`) : ''),
        minWidth: 80,
        maxWidth: 90,
      },
      {
        colId: 'template',
        headerName: t('settings.messages.columns.template'),
        field: 'template',
        cellClass: 'message-break',
        ...WRAPPED,
        minWidth: 120,
      },
      {
        colId: 'subject',
        headerName: t('settings.messages.columns.subject'),
        cellRenderer: SubjectCell,
        ...WRAPPED,
        flex: 2,
        minWidth: 140,
      },
      {
        colId: 'status',
        headerName: t('settings.messages.columns.status'),
        cellRenderer: StatusCell,
        minWidth: 95,
        maxWidth: 130,
      },
      {
        colId: 'attempts',
        headerName: t('settings.messages.columns.attempts'),
        field: 'attempts',
        minWidth: 90,
        maxWidth: 100,
      },
      {
        colId: 'lastError',
        headerName: t('settings.messages.columns.lastError'),
        valueGetter: ({ data }) => data?.lastError ?? '',
        cellClass: 'message-error message-break',
        ...WRAPPED,
        flex: 2,
        minWidth: 140,
      },
      {
        colId: 'sentAt',
        headerName: t('settings.messages.columns.sentAt'),
        valueGetter: ({ data }) => (data?.sentAt ? formatDateTime(data.sentAt, locale) : ''),
        ...WRAPPED,
        minWidth: 110,
      },
      {
        colId: 'reservation',
        headerName: t('settings.messages.columns.reservation'),
        cellRenderer: ReservationCell,
        minWidth: 100,
        maxWidth: 120,
      },
      {
        colId: 'resend',
        headerName: '',
        cellRenderer: ResendCell,
        cellRendererParams: { onResend: (message: Message) => resend.mutate(message), busyId },
        pinned: 'right',
        minWidth: 120,
        maxWidth: 150,
      },
    ],
    [t, locale, resend.mutate, busyId],
  );

  return (
    <>
      <SectionTabs section="settings" user={user} />
      <PageHeader title={title} />
      <ListFilters>
        <SearchFilter list={list} name="recipient" label={t('settings.messages.columns.recipient')} />
        <SearchFilter list={list} name="template" label={t('settings.messages.columns.template')} />
        <SelectFilter
          list={list}
          name="status"
          label={t('settings.messages.columns.status')}
          anyLabel={t('settings.messages.allStatuses')}
          options={MESSAGE_STATUSES.map((status) => ({
            value: status,
            label: t(`settings.messages.statuses.${status}`),
          }))}
        />
        <SelectFilter
          list={list}
          name="channel"
          label={t('settings.messages.columns.channel')}
          anyLabel={t('settings.messages.allChannels')}
          options={MESSAGE_CHANNELS.map((channel) => ({
            value: channel,
            label: t(`settings.messages.channels.${channel}`),
          }))}
        />
        <SearchFilter list={list} name="reservationId" label={t('settings.messages.reservationId')} />
      </ListFilters>
      <ServerList
        list={list}
        columns={columns}
        label={title}
        emptyTitle={t('settings.messages.empty')}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
