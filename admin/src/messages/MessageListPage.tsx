import { formatDate, formatTime } from '@flybook/locales/format';
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

/** A moment on two lines, date over time, as in the reservation list. */
function WhenCell({ value }: CustomCellRendererProps<Message, string | null>) {
  const locale = useLocale();
  if (!value) return null;
  // Swiss office time, short: "26.11.2026" over "14:05".
  return (
    <div className="message-cell">
      <span>{formatDate(value, locale, { style: 'numeric' })}</span>
      <span className="message-cell__detail">{formatTime(value)}</span>
    </div>
  );
}

/** The last error in full, wrapped over as many lines as it needs. */
function ErrorCell({ value }: CustomCellRendererProps<Message, string | null>) {
  return value ? <div className="message-cell message-error">{value}</div> : null;
}

/** A text cut off with an ellipsis when too long, all of it on hover. */
function TextCell({ value }: CustomCellRendererProps<Message, string>) {
  return value ? (
    <span className="message-text" title={value}>
      {value}
    </span>
  ) : null;
}

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
    <span className="message-subject">
      <span className="message-text" title={data.subject ?? undefined}>
        {data.subject ?? ''}
      </span>
      {data.attachments.length > 0 ? (
        <span className="message-attachments" title={names} aria-label={names} role="img">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path
              d="M10.5 4.5 5.7 9.3a1.2 1.2 0 0 0 1.7 1.7l5-5a2.6 2.6 0 0 0-3.7-3.7l-5 5a4 4 0 0 0 5.7 5.7l4.1-4.1"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
              strokeLinecap="round"
            />
          </svg>
          {data.attachments.length}
        </span>
      ) : null}
    </span>
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
        field: 'createdAt',
        cellRenderer: WhenCell,
        autoHeight: true,
        sortable: true,
        minWidth: 110,
        maxWidth: 125,
      },
      {
        colId: 'recipient',
        headerName: t('settings.messages.columns.recipient'),
        field: 'recipient',
        cellRenderer: TextCell,
        minWidth: 120,
        flex: 1.5,
      },
      {
        colId: 'channel',
        headerName: t('settings.messages.columns.channel'),
        valueGetter: ({ data }) => (data ? t(`settings.messages.channels.${data.channel}`) : ''),
        minWidth: 85,
        maxWidth: 95,
      },
      {
        colId: 'template',
        headerName: t('settings.messages.columns.template'),
        field: 'template',
        cellRenderer: TextCell,
        minWidth: 100,
      },
      {
        colId: 'subject',
        headerName: t('settings.messages.columns.subject'),
        cellRenderer: SubjectCell,
        flex: 2,
        minWidth: 100,
      },
      {
        colId: 'status',
        headerName: t('settings.messages.columns.status'),
        cellRenderer: StatusCell,
        minWidth: 105,
        maxWidth: 125,
      },
      {
        colId: 'attempts',
        headerName: t('settings.messages.columns.attempts'),
        field: 'attempts',
        minWidth: 112,
        maxWidth: 120,
      },
      {
        colId: 'lastError',
        headerName: t('settings.messages.columns.lastError'),
        field: 'lastError',
        cellRenderer: ErrorCell,
        autoHeight: true,
        flex: 2,
        minWidth: 130,
      },
      {
        colId: 'sentAt',
        headerName: t('settings.messages.columns.sentAt'),
        field: 'sentAt',
        cellRenderer: WhenCell,
        autoHeight: true,
        minWidth: 100,
        maxWidth: 120,
      },
      {
        colId: 'reservation',
        headerName: t('settings.messages.columns.reservation'),
        cellRenderer: ReservationCell,
        minWidth: 122,
        maxWidth: 130,
      },
      {
        colId: 'resend',
        headerName: '',
        cellRenderer: ResendCell,
        cellRendererParams: { onResend: (message: Message) => resend.mutate(message), busyId },
        pinned: 'right',
        minWidth: 125,
        maxWidth: 140,
      },
    ],
    [t, resend.mutate, busyId],
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
      <div className="message-list">
        <ServerList
          list={list}
          columns={columns}
          label={title}
          emptyTitle={t('settings.messages.empty')}
          emptyHint={t('list.emptyHint')}
        />
      </div>
    </>
  );
}
