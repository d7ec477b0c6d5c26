import { formatDate } from '@flybook/locales/format';
import '../app/form/form.css';
import '../app/form/choice.css';
import '../app/payment/payment.css';
import './allotments.css';
import { idempotencyHeaders } from '@flybook/client';
import { adminPath, isMoneyAmount, outstandingOf, type Rappen, toChf, toRappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { type AllotmentInvoice, type AllotmentPaymentBody, allotmentCalls } from '@flybook/schemas';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useServices } from '../app/context.tsx';
import { FormLoading, FormPlaceholder } from '../app/form/FormLayout.tsx';
import { useIntent } from '../app/idempotency.ts';
import { notFoundError } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { PageHeader } from '../app/PageHeader.tsx';
import { PaymentForm } from '../app/payment/PaymentForm.tsx';
import { SummaryAmounts, SummaryPayments } from '../app/payment/PaymentSummaryParts.tsx';
import type { PaymentAccess, PaymentProblem } from '../app/payment/payment-form.ts';
import { usePaymentAccounts } from '../app/payment/use-payment-accounts.ts';
import { usePaymentFailure } from '../app/payment/use-payment-failure.ts';
import { flightLabel, InvoiceStatusBadge } from './allotment-columns.tsx';
import { canPay } from './allotment-filters.ts';
import { AGENT_ALLOTMENT_INVOICES, ALLOTMENT_INVOICES } from './allotment-resources.ts';
import { BALANCE_KEY } from './use-allotment-balance.ts';

const ID = /^[1-9]\d{0,9}$/;

type AllotmentPayment = z.input<typeof AllotmentPaymentBody>;

/**
 * An allotment invoice is paid in cash or by transfer only (spec 02 §9), in part or in full: the
 * amount starts at what is still to pay (spec 02 §4) and may be lowered.
 */
export const ALLOTMENT_PAYMENT_ACCESS: PaymentAccess = {
  partial: true,
  account: false,
  cash: true,
  bank: false,
  transfer: true,
  datatrans: false,
};

const NO_OWNER = { kind: 'none' } as const;

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/** What is left to pay: total with discount − paid, never below 0 (spec 02 §5). */
export const allotmentOutstanding = (invoice: Pick<AllotmentInvoice, 'totalWithDiscount' | 'totalPaid'>) =>
  outstandingOf({ total: rappenOf(invoice.totalWithDiscount), totalPaid: rappenOf(invoice.totalPaid) });

/** Where the back link leads: the list named by `source` (spec 03 §2), the invoice list by default. */
const backPath = (params: URLSearchParams) =>
  params.get('source') === 'allotmentList' ? adminPath('allotmentList') : adminPath('allotmentInvoiceList');

/** The invoice beside the form: agent, dates, state, allotments, amounts and payments. */
function InvoiceSummary({ invoice, locale }: { invoice: AllotmentInvoice; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <aside className="payment-summary" aria-label={t('allotments.payment.summary')}>
      <h2 className="payment-summary__title">{t('allotments.payment.invoiceNumber', { id: invoice.id })}</h2>
      <ul className="payment-summary__list">
        <li className="payment-summary__strong">{invoice.agent.displayName}</li>
        <li>
          {t('allotments.invoice.fields.invoiceDate')}: {formatDate(invoice.invoiceDate, locale)}
        </li>
        <li>
          {t('allotments.invoice.fields.paymentDeadline')}: {formatDate(invoice.paymentDeadline, locale)}
        </li>
        <li>
          <InvoiceStatusBadge status={invoice.status} />
        </li>
      </ul>
      <h3 className="payment-summary__heading">{t('allotments.payment.allotments')}</h3>
      <ul className="payment-summary__list">
        {invoice.allotments.map((allotment) => (
          <li key={allotment.id}>
            {flightLabel(allotment.flight, locale)}
            <span className="payment-summary__muted">
              {' · '}
              {t('allotments.payment.seats', { count: allotment.seatsNumber })}
            </span>
          </li>
        ))}
      </ul>
      <SummaryAmounts
        locale={locale}
        rows={[
          { label: t('allotments.invoice.total'), amount: { chf: invoice.total } },
          ...(invoice.discount > 0
            ? [
                {
                  label: invoice.discountDescription || t('allotments.invoice.fields.discount'),
                  amount: { chf: -invoice.discount },
                },
              ]
            : []),
          { label: t('allotments.invoice.totalWithDiscount'), amount: { chf: invoice.totalWithDiscount } },
          { label: t('allotments.invoice.totalPaid'), amount: { chf: invoice.totalPaid } },
          {
            label: t('allotments.invoice.outstanding'),
            amount: { rappen: allotmentOutstanding(invoice) },
            strong: true,
          },
        ]}
      />
      <SummaryPayments locale={locale} payments={invoice.payments} />
    </aside>
  );
}

function Payment({ invoice, refetch }: { invoice: AllotmentInvoice; refetch: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const { client, notifications } = useServices();
  const { accounts, isLoading } = usePaymentAccounts(ALLOTMENT_PAYMENT_ACCESS);
  const paymentFailure = usePaymentFailure();
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const outstanding = allotmentOutstanding(invoice);
  const payable = canPay(invoice) && outstanding > 0;

  const intent = useIntent();
  const pay = useMutation({
    mutationFn: async ({ body, key }: { body: AllotmentPayment; key: string }) =>
      client.call(allotmentCalls.pay, { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: async () => {
      notifications.notify({ kind: 'success', message: t('payments.success') });
      await Promise.all([
        invalidate({ resource: ALLOTMENT_INVOICES, invalidates: ['list'] }),
        invalidate({ resource: AGENT_ALLOTMENT_INVOICES, invalidates: ['list'] }),
        queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['allotmentInvoice'] }),
        queryClient.invalidateQueries({ queryKey: ['balanceLog'] }),
      ]);
      // Back to the invoices with this one marked (spec 02 §2).
      navigate(`${adminPath('allotmentInvoiceList')}?highlightAllotmentInvoiceId=${invoice.id}`);
    },
    onError: (error) => {
      const found = paymentFailure(error);
      if (found) setProblem(found);
      else refetch();
    },
  });

  let content: ReactNode;
  if (!payable) {
    content = (
      <p className="payment-state payment-state--paid" role="status">
        {t('payments.paid')}
      </p>
    );
  } else if (isLoading) {
    content = <FormLoading />;
  } else {
    content = (
      <PaymentForm
        // a reloaded invoice (another payment came in) starts the form afresh
        key={`${invoice.status}-${outstanding}`}
        outstanding={outstanding}
        access={ALLOTMENT_PAYMENT_ACCESS}
        accounts={accounts}
        owner={NO_OWNER}
        locale={locale}
        isSubmitting={pay.isPending}
        problem={problem}
        onConfirm={(request) => {
          setProblem(null);
          // Only cash and transfer are offered; anything else is refused as the spec says.
          if (request.option === 'cash' || request.option === 'transfer') {
            const body: AllotmentPayment = {
              amount: toChf(request.amount),
              paymentTypeCode: request.option,
              allotmentInvoiceId: invoice.id,
              ...(request.account ? { accountId: request.account.id } : {}),
            };
            intent.run(body, (key) => pay.mutateAsync({ body, key }));
          } else setProblem({ code: 'ERROR_PAYMENT_UNEXPECTED_METHOD', field: null });
        }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('allotments.payment.title', { title: invoice.title })}
        back={{ to: backPath(params), label: t('allotments.payment.back') }}
      />
      <div className="payment-page">
        <section className="payment-page__main form-card" aria-label={t('payments.form.label')}>
          {content}
        </section>
        <InvoiceSummary invoice={invoice} locale={locale} />
      </div>
    </>
  );
}

/**
 * Payment of an allotment invoice (spec 02 §2 /allotment/:allotmentInvoiceId/payment): the payment
 * form for cash or transfer, hidden once the invoice is paid or overpaid, beside the invoice. After
 * a payment the user goes back to the invoice list with the invoice highlighted. An invoice the
 * server does not have shows Not Found; any other failure to load it shows the message with Retry.
 */
export function AllotmentInvoicePaymentPage() {
  const { t } = useTranslation();
  const { allotmentInvoiceId = '' } = useParams();
  const [params] = useSearchParams();
  const { client } = useServices();
  const validId = ID.test(allotmentInvoiceId);
  const id = validId ? Number(allotmentInvoiceId) : 0;
  const invoice = useQuery({
    queryKey: ['allotmentInvoice', id],
    queryFn: ({ signal }) => client.call(allotmentCalls.getInvoice, { params: { id } }, { signal }),
    enabled: validId,
    retry: false,
  });

  if (!validId || invoice.isError) {
    return (
      <>
        <PageHeader
          title={t('allotments.payment.loadingTitle')}
          back={{ to: backPath(params), label: t('allotments.payment.back') }}
        />
        <FormPlaceholder
          error={validId ? invoice.error : notFoundError}
          onRetry={() => invoice.refetch()}
          isRetrying={invoice.isFetching}
          notFoundText={t('allotments.payment.notFound', { id: allotmentInvoiceId })}
        />
      </>
    );
  }

  if (!invoice.data) {
    return (
      <>
        <PageHeader title={t('allotments.payment.loadingTitle')} />
        <FormLoading />
      </>
    );
  }
  return <Payment invoice={invoice.data} refetch={() => void invoice.refetch()} />;
}
