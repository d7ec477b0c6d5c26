import './allotments.css';
import { adminPath } from '@flybook/domain';
import { type AllotmentInvoice, allotmentCalls } from '@flybook/schemas';
import { Money } from '@flybook/ui';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { LoadFailure } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { ListFilters, SelectFilter } from '../app/list/ListFilters.tsx';
import { HIGHLIGHT_ROW_CLASS, type RowAction, ServerList } from '../app/list/ServerList.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { actionFailureMessage } from '../app/notices.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import type { AgentChoice } from '../flights/flight-form/AgentPicker.tsx';
import { AgentFilter } from './AgentFilter.tsx';
import { allotmentAccess } from './allotment-access.ts';
import {
  canDelete,
  canEdit,
  canPay,
  type InvoiceFilterValues,
  initialInvoiceFilters,
  invoiceCrudFilters,
} from './allotment-filters.ts';
import { AGENT_ALLOTMENT_INVOICES, ALLOTMENT_INVOICES, ALLOTMENTS } from './allotment-resources.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { invoiceColumns } from './invoice-columns.tsx';
import { BALANCE_KEY, useAllotmentBalance } from './use-allotment-balance.ts';
import { useInvoicePdf } from './use-invoice-pdf.ts';

/** Spec 03 §9: default 10, max 50, unpaid, newest invoice date first. */
export const ALLOTMENT_INVOICE_LIST = {
  defaultPageSize: 10,
  maxPageSize: 50,
  defaultSort: { field: 'invoiceDate', order: 'desc' },
} as const;

const ID = /^[1-9]\d{0,9}$/;

/** The agent balance panel (spec 03 §2): the agent and what it still owes on allotment invoices. */
function BalancePanel({ fullList, agent }: { fullList: boolean; agent: AgentChoice | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const balance = useAllotmentBalance({ enabled: true, fullList, agentId: agent?.id ?? null });
  let content: ReactNode;
  if (fullList && !agent) {
    content = <p className="allotment-balance__hint">{t('allotments.balance.chooseAgent')}</p>;
  } else if (balance.data) {
    const { data } = balance;
    content = (
      <dl className="allotment-balance__figures">
        <div>
          <dt>{t('allotments.balance.agent')}</dt>
          <dd>{data.agent.displayName}</dd>
        </div>
        <div>
          <dt>{t('allotments.balance.outstanding')}</dt>
          <dd className="allotment-balance__outstanding">
            <Money chf={data.outstanding} locale={locale} />
          </dd>
        </div>
        <div>
          <dt>{t('allotments.balance.overDeadline')}</dt>
          <dd className={data.overDeadline > 0 ? 'allotment-balance__late' : undefined}>
            <Money chf={data.overDeadline} locale={locale} />
          </dd>
        </div>
        <div>
          <dt>{t('allotments.balance.unpaidInvoices')}</dt>
          <dd>{data.unpaidInvoices}</dd>
        </div>
      </dl>
    );
  } else if (balance.isError && !balance.isFetching) {
    content = (
      <LoadFailure
        error={balance.error}
        title={t('allotments.balance.failed')}
        onRetry={() => balance.refetch()}
      />
    );
  } else {
    content = (
      <p className="allotment-balance__hint">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  return (
    <section className="allotment-balance" aria-label={t('allotments.balance.title')}>
      <h2 className="allotment-balance__title">{t('allotments.balance.title')}</h2>
      {content}
    </section>
  );
}

/**
 * Allotment invoices (spec 03 §2): filters by agent (full list only) and payment status (unpaid by
 * default), the agent balance panel, the invoices newest first, and per row pay, edit, delete and
 * the PDF, each enabled by its permission and the invoice's state (spec 03 §4). The row named by
 * `highlightAllotmentInvoiceId` is marked (a payment returns here with it).
 */
export function AllotmentInvoiceListPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const { user, canOpen } = useRouteAccess();
  const access = useMemo(() => allotmentAccess(user), [user]);
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const highlightParam = params.get('highlightAllotmentInvoiceId') ?? '';
  const highlightId = ID.test(highlightParam) ? Number(highlightParam) : null;
  const [initialFilters] = useState(() => initialInvoiceFilters(highlightId !== null));
  const toFilters = useMemo(() => invoiceCrudFilters(access.fullList), [access.fullList]);
  const list = useServerList<AllotmentInvoice, InvoiceFilterValues>({
    ...ALLOTMENT_INVOICE_LIST,
    resource: access.fullList ? ALLOTMENT_INVOICES : AGENT_ALLOTMENT_INVOICES,
    initialFilters,
    toFilters,
  });
  const [agent, setAgent] = useState<AgentChoice | null>(null);
  const [editing, setEditing] = useState<AllotmentInvoice | null>(null);
  const [deleting, setDeleting] = useState<AllotmentInvoice | null>(null);
  const pdf = useInvoicePdf(access.fullList);

  const reload = () =>
    Promise.all([
      ...[ALLOTMENT_INVOICES, AGENT_ALLOTMENT_INVOICES, ALLOTMENTS].map((resource) =>
        invalidate({ resource, invalidates: ['list'] }),
      ),
      queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
    ]);

  const remove = useMutation({
    mutationFn: (invoice: AllotmentInvoice) =>
      client.call(allotmentCalls.deleteInvoice, { params: { id: invoice.id } }),
    onSuccess: async () => {
      notifications.notify({ kind: 'success', message: t('allotments.invoice.deleted') });
      setDeleting(null);
      // The agent owes less now: the balance reloads with the list (spec 03 §4).
      await reload();
    },
    onError: (error) => {
      setDeleting(null);
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      if (message) notifications.notify({ kind: 'error', message });
      void reload();
    },
  });

  const mayPay = canOpen('allotmentInvoicePayment') && access.pay;
  const actions = useMemo<RowAction<AllotmentInvoice>[]>(() => {
    const name = (invoice: AllotmentInvoice) => `${invoice.id} ${invoice.title}`;
    return [
      {
        id: 'pay',
        text: t('allotments.invoices.pay'),
        label: (invoice) => t('allotments.invoices.payOf', { invoice: name(invoice) }),
        to: (invoice) =>
          `${adminPath('allotmentInvoicePayment', { allotmentInvoiceId: invoice.id })}?source=allotmentInvoiceList`,
        isDisabled: (invoice) => !mayPay || !canPay(invoice),
      },
      {
        id: 'edit',
        text: t('allotments.invoices.edit'),
        label: (invoice) => t('allotments.invoices.editOf', { invoice: name(invoice) }),
        onPress: (invoice) => setEditing(invoice),
        isDisabled: (invoice) => !access.invoiceEdit || !canEdit(invoice),
      },
      {
        id: 'delete',
        text: t('allotments.invoices.delete'),
        label: (invoice) => t('allotments.invoices.deleteOf', { invoice: name(invoice) }),
        onPress: (invoice) => setDeleting(invoice),
        isDisabled: (invoice) => !access.invoiceEdit || !canDelete(invoice),
      },
      {
        id: 'pdf',
        text: t('allotments.invoices.pdf'),
        label: (invoice) => t('allotments.invoices.pdfOf', { invoice: name(invoice) }),
        onPress: (invoice) => pdf.download(invoice.id),
        isDisabled: (invoice) => !access.invoicePdf || pdf.busyId === invoice.id,
      },
    ];
  }, [t, mayPay, access.invoiceEdit, access.invoicePdf, pdf.download, pdf.busyId]);

  const columns = useMemo(
    () => invoiceColumns({ t, locale, showAgent: access.fullList }),
    [t, locale, access.fullList],
  );
  const title = t('allotments.invoices.title');

  return (
    <>
      <SectionTabs section="allotment" user={user} />
      <PageHeader title={title} />
      <ListFilters>
        {access.fullList ? <AgentFilter list={list} onChange={setAgent} /> : null}
        <SelectFilter
          list={list}
          name="paymentStatus"
          label={t('allotments.filters.paymentStatus')}
          anyLabel={t('allotments.filters.paymentAll')}
          options={[
            { value: 'unpaid', label: t('allotments.filters.unpaid') },
            { value: 'overDeadline', label: t('allotments.status.overDeadline') },
            { value: 'paid', label: t('allotments.filters.paid') },
          ]}
        />
      </ListFilters>
      {access.balance ? <BalancePanel fullList={access.fullList} agent={agent} /> : null}
      <ServerList
        list={list}
        columns={columns}
        label={title}
        emptyTitle={t('allotments.invoices.empty')}
        emptyHint={t('list.emptyHint')}
        actions={actions}
        rowClassName={(invoice) => (invoice.id === highlightId ? HIGHLIGHT_ROW_CLASS : undefined)}
      />
      {editing ? (
        <InvoiceDialog
          mode={{ kind: 'edit', invoice: editing }}
          onClose={() => setEditing(null)}
          onSaved={(invoice) => {
            setEditing(null);
            pdf.download(invoice.id);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          isOpen
          title={t('allotments.invoices.deleteTitle')}
          message={t('allotments.invoices.deleteMessage', { invoice: `${deleting.id} ${deleting.title}` })}
          confirmLabel={t('allotments.invoices.delete')}
          isPending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting)}
        />
      ) : null}
    </>
  );
}
