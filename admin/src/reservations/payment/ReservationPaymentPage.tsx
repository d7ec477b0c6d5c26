import '../../app/form/form.css';
import '../../app/form/choice.css';
import '../../app/payment/payment.css';
import { idempotencyHeaders, saveFile } from '@flybook/client';
import { toChf } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { type Me, paymentCalls, type Reservation, reservationDocumentCalls } from '@flybook/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { FormLoading, FormPlaceholder } from '../../app/form/FormLayout.tsx';
import { useIntent } from '../../app/idempotency.ts';
import { notFoundError } from '../../app/LoadFailure.tsx';
import { useLocale } from '../../app/layout-parts.tsx';
import { failureNotice } from '../../app/notices.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { PaymentForm, type PaymentRequest } from '../../app/payment/PaymentForm.tsx';
import type { PaymentProblem } from '../../app/payment/payment-form.ts';
import { usePaymentAccounts } from '../../app/payment/use-payment-accounts.ts';
import { usePaymentFailure } from '../../app/payment/use-payment-failure.ts';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { reservationBackPath } from '../back-path.ts';
import { PaymentSummary } from './PaymentSummary.tsx';
import {
  isInvoiceSettled,
  outstandingOf,
  type PaymentBody,
  paymentAccess,
  paymentBody,
} from './payment-form.ts';
import { useCardPayment, useCardReturn } from './use-card-payment.ts';
import { useOwnerAccount, useReservation } from './use-payment-data.ts';

const ID = /^[1-9]\d{0,9}$/;

function Payment({
  user,
  reservation,
  refetch,
}: {
  user: Me;
  reservation: Reservation;
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const locale: Locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { client, notifications, translateError } = useServices();
  const access = useMemo(() => paymentAccess(user), [user]);
  const backPath = reservationBackPath(params, reservation.id);
  const settled = isInvoiceSettled(reservation.invoice);
  const outstanding = outstandingOf(reservation.invoice);
  // A cancelled reservation is paid only for its open cancellation fee (docs/payments.md).
  const payable = !settled && outstanding !== null && outstanding > 0;
  const feeOpen = payable && reservation.status === 'cancelled';
  const { accounts, isLoading: accountsLoading } = usePaymentAccounts(access);
  const owner = useOwnerAccount(user, reservation, payable && access.account);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const paymentFailure = usePaymentFailure();

  const intent = useIntent();
  const pay = useMutation({
    mutationFn: async ({ body, key }: { body: PaymentBody; key: string }) =>
      client.call(paymentCalls.payInvoice, { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: async (answer) => {
      notifications.notify({ kind: 'success', message: t('payments.success') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reservation'] }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
        queryClient.invalidateQueries({ queryKey: ['balanceLog'] }),
      ]);
      // A reservation the payment confirmed comes with its overview (spec 02 §4).
      if (answer.reservation.status === 'confirmed') {
        try {
          saveFile(
            await client.call(reservationDocumentCalls.overviewPdf, {
              params: { id: answer.reservation.id, locale },
            }),
          );
        } catch (error) {
          const notice = failureNotice(t, toHttpError(error, translateError));
          if (notice) notifications.notify({ kind: 'error', message: notice.message });
        }
      }
      navigate(backPath);
    },
    onError: (error) => {
      const found = paymentFailure(error);
      if (found) setProblem(found);
      else refetch();
    },
  });
  const card = useCardPayment(reservation.id, refetch);

  const onConfirm = (request: PaymentRequest) => {
    setProblem(null);
    if (request.option === 'datatrans') {
      card.start(toChf(request.amount));
      return;
    }
    const body = paymentBody(request.option, request.amount, reservation.invoice.id, request.account);
    intent.run(body, (key) => pay.mutateAsync({ body, key }));
  };

  let content: ReactNode;
  if (reservation.status === 'cancelled' && !feeOpen) {
    content = <p className="payment-state">{t('payments.cancelled')}</p>;
  } else if (settled) {
    content = (
      <p className="payment-state payment-state--paid" role="status">
        {t('payments.paid')}
      </p>
    );
  } else if (outstanding === null) {
    content = <p className="payment-state">{t('payments.pricesHidden')}</p>;
  } else if (accountsLoading) {
    content = <FormLoading />;
  } else {
    content = (
      <>
        {feeOpen ? <p className="payment-state">{t('payments.cancellationFeeOpen')}</p> : null}
        <PaymentForm
          // a reloaded invoice (another payment came in) starts the form afresh
          key={`${reservation.invoice.status}-${outstanding}`}
          outstanding={outstanding}
          access={access}
          accounts={accounts}
          owner={owner}
          locale={locale}
          isSubmitting={pay.isPending || card.isPending}
          problem={problem}
          onConfirm={onConfirm}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('payments.title')} back={{ to: backPath, label: t('payments.back') }} />
      <div className="payment-page">
        <section className="payment-page__main form-card" aria-label={t('payments.form.label')}>
          {content}
        </section>
        <PaymentSummary reservation={reservation} outstanding={outstanding} locale={locale} />
      </div>
    </>
  );
}

/**
 * Payment of a reservation (spec 02 §2 /reservation/:reservationId/payment): the payment form with
 * the methods the user may use, hidden when the invoice is paid, and a sticky summary; card payments
 * come back here with `status` (and `datatransTrxId`). A reservation the server does not have shows
 * Not Found; any other failure to load it shows the message with Retry.
 */
export function ReservationPaymentPage() {
  const { t } = useTranslation();
  const { reservationId = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const validId = ID.test(reservationId);
  const id = validId ? Number(reservationId) : 0;
  const reservation = useReservation(id, validId);
  const { refetch } = reservation;
  useCardReturn(() => void refetch());

  const back = { to: reservationBackPath(params, validId ? id : null), label: t('payments.back') };
  if (!validId || reservation.isError) {
    return (
      <>
        <PageHeader title={t('payments.title')} back={back} />
        <FormPlaceholder
          error={validId ? reservation.error : notFoundError}
          onRetry={() => refetch()}
          isRetrying={reservation.isFetching}
          notFoundText={t('payments.notFound', { id: reservationId })}
        />
      </>
    );
  }
  if (!user || !reservation.data) {
    return (
      <>
        <PageHeader title={t('payments.title')} />
        <FormLoading />
      </>
    );
  }
  return <Payment user={user} reservation={reservation.data} refetch={() => void refetch()} />;
}
