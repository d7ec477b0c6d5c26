import { formatMoney } from '@flybook/locales/format';
import '../app/form/form.css';
import { defaultPaymentDeadline, isMoneyAmount, type Rappen, toRappen } from '@flybook/domain';
import {
  type AllotmentInvoice,
  allotmentCalls,
  IsoDateSchema,
  MoneySchema,
  notBlank,
  type UpdateAllotmentInvoiceBody,
} from '@flybook/schemas';
import { Button, Dialog, Money } from '@flybook/ui';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { FormField } from '../app/FormField.tsx';
import { decimalText, moneyText, requiredText } from '../app/form/form-text.ts';
import { TextAreaField } from '../app/form/TextAreaField.tsx';
import { schemaResolver } from '../app/forms.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { failureNotice } from '../app/notices.ts';
import type { InvoiceCandidate } from './allotment-filters.ts';
import {
  AGENT_ALLOTMENT_INVOICES,
  AGENT_ALLOTMENTS,
  ALLOTMENT_INVOICES,
  ALLOTMENTS,
} from './allotment-resources.ts';
import { BALANCE_KEY } from './use-allotment-balance.ts';

/** The invoice popup's fields: texts as typed; the schema turns them into the request body. */
export const invoiceFormSchema = z.object({
  title: requiredText(notBlank(200)),
  invoiceDate: requiredText(IsoDateSchema),
  paymentDeadline: requiredText(IsoDateSchema),
  invoiceCompany: z.string().max(200),
  discountDescription: z.string().max(500),
  discount: z.union([
    z
      .string()
      .refine((text) => text.trim() === '')
      .transform(() => 0),
    decimalText(MoneySchema.pipe(z.number().min(0))),
  ]),
});
export type InvoiceFormValues = z.input<typeof invoiceFormSchema>;
type InvoiceFormOutput = z.output<typeof invoiceFormSchema>;

/** The two server rules of the popup (spec 03 §8), each shown under its field. */
const RULE_FIELDS: Record<string, keyof InvoiceFormValues> = {
  ERROR_PAYMENT_DEADLINE_EARLIER_INVOICE_DATE: 'paymentDeadline',
  ERROR_DISCOUNT_MORE_INVOICE_DEBT: 'discount',
};
const FORM_FIELDS = new Set<string>(Object.keys(invoiceFormSchema.shape));

export type InvoiceDialogMode =
  | { kind: 'create'; candidate: Extract<InvoiceCandidate, { kind: 'ready' }>; today: string }
  | { kind: 'edit'; invoice: AllotmentInvoice };

function startValues(mode: InvoiceDialogMode): InvoiceFormValues {
  if (mode.kind === 'edit') {
    const { invoice } = mode;
    return {
      title: invoice.title,
      invoiceDate: invoice.invoiceDate,
      paymentDeadline: invoice.paymentDeadline,
      invoiceCompany: invoice.invoiceCompany,
      discountDescription: invoice.discountDescription,
      discount: invoice.discount === 0 ? '' : moneyText(invoice.discount),
    };
  }
  return {
    title: '',
    invoiceDate: mode.today,
    // 14 days, but not after the day before the first flight, never before tomorrow (the
    // reservation rule, docs/allotments.md).
    paymentDeadline: defaultPaymentDeadline(mode.today, mode.candidate.firstDepartureDay),
    // An agent's display name is its company.
    invoiceCompany: mode.candidate.agent.displayName,
    discountDescription: '',
    discount: '',
  };
}

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/**
 * The create and edit popup of an allotment invoice (spec 03 §2): the agent, what the allotments
 * cost, title, invoice date, payment deadline, invoice company, discount and its description. After
 * a save the success message shows and the invoice PDF downloads (spec 03 §4); the server's two
 * rules mark the popup failed, with the message under the field.
 */
export function InvoiceDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: InvoiceDialogMode;
  onClose: () => void;
  /** The page closes the popup and downloads the saved invoice's PDF (spec 03 §4). */
  onSaved: (invoice: AllotmentInvoice) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formId = useId();
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver: schemaResolver(invoiceFormSchema, translateError),
    defaultValues: startValues(mode),
  });

  const save = useMutation({
    mutationFn: async (values: UpdateAllotmentInvoiceBody) =>
      mode.kind === 'create'
        ? client.call(allotmentCalls.createInvoice, {
            body: { ...values, ids: mode.candidate.ids, agent: { id: mode.candidate.agent.id } },
          })
        : client.call(allotmentCalls.updateInvoice, { params: { id: mode.invoice.id }, body: values }),
    onSuccess: async (invoice) => {
      notifications.notify({
        kind: 'success',
        message: mode.kind === 'create' ? t('allotments.invoice.created') : t('allotments.invoice.updated'),
      });
      await Promise.all([
        ...[ALLOTMENTS, AGENT_ALLOTMENTS, ALLOTMENT_INVOICES, AGENT_ALLOTMENT_INVOICES].map((resource) =>
          invalidate({ resource, invalidates: ['list'] }),
        ),
        queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
      ]);
      onSaved(invoice);
    },
    onError: (error) => {
      const failure = toHttpError(error, translateError);
      const ruleField = failure.code ? RULE_FIELDS[failure.code] : undefined;
      if (ruleField) {
        form.setError(ruleField, { type: 'server', message: failure.message });
        setFailed(failure.message);
        return;
      }
      let placed = false;
      for (const [field, message] of Object.entries(failure.errors ?? {})) {
        if (!FORM_FIELDS.has(field)) continue;
        const text = Array.isArray(message) ? message.join(' ') : String(message);
        form.setError(field as keyof InvoiceFormValues, { type: 'server', message: text });
        placed = true;
      }
      if (placed) {
        setFailed(failure.message);
        return;
      }
      const known = typeof failure.code === 'string' && failure.statusCode >= 400 && failure.statusCode < 500;
      setFailed(known ? failure.message : t('errors.unknown', { details: failure.message }));
      if (!known) {
        const notice = failureNotice(t, failure);
        if (notice) notifications.notify({ kind: 'error', message: notice.message });
      }
    },
  });

  const agentName =
    mode.kind === 'create' ? mode.candidate.agent.displayName : mode.invoice.agent.displayName;
  const total: Rappen | null = mode.kind === 'create' ? mode.candidate.total : rappenOf(mode.invoice.total);
  const seats = mode.kind === 'create' ? mode.candidate.seats : mode.invoice.seats;
  const count = mode.kind === 'create' ? mode.candidate.ids.length : mode.invoice.allotments.length;
  const title =
    mode.kind === 'create'
      ? t('allotments.invoice.createTitle')
      : t('allotments.invoice.editTitle', { id: mode.invoice.id });

  const onSubmit = form.handleSubmit((values) => {
    setFailed(null);
    save.mutate(values);
  });

  return (
    <Dialog
      title={title}
      isOpen
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      closeLabel={t('common.close')}
      isDismissable={!save.isPending}
      size="wide"
    >
      <form id={formId} noValidate className="invoice-form" onSubmit={onSubmit} aria-label={title}>
        <dl className="invoice-form__facts">
          <div>
            <dt>{t('allotments.invoice.agent')}</dt>
            <dd>{agentName}</dd>
          </div>
          <div>
            <dt>{t('allotments.invoice.allotments')}</dt>
            <dd>{t('allotments.invoice.allotmentCount', { count, seats })}</dd>
          </div>
          {total !== null ? (
            <div>
              <dt>{t('allotments.invoice.total')}</dt>
              <dd>
                <Money rappen={total} locale={locale} />
              </dd>
            </div>
          ) : null}
          {mode.kind === 'edit' && mode.invoice.totalPaid > 0 ? (
            <div>
              <dt>{t('allotments.invoice.totalPaid')}</dt>
              <dd>
                <Money chf={mode.invoice.totalPaid} locale={locale} />
              </dd>
            </div>
          ) : null}
        </dl>
        <FormField
          control={form.control}
          name="title"
          label={t('allotments.invoice.fields.title')}
          isRequired
          autoComplete="off"
        />
        <div className="invoice-form__row">
          <FormField
            control={form.control}
            name="invoiceDate"
            type="date"
            label={t('allotments.invoice.fields.invoiceDate')}
            isRequired
          />
          <FormField
            control={form.control}
            name="paymentDeadline"
            type="date"
            label={t('allotments.invoice.fields.paymentDeadline')}
            isRequired
          />
        </div>
        <FormField
          control={form.control}
          name="invoiceCompany"
          label={t('allotments.invoice.fields.invoiceCompany')}
          description={t('allotments.invoice.fields.invoiceCompanyHint')}
          autoComplete="off"
        />
        <div className="invoice-form__row">
          <FormField
            control={form.control}
            name="discount"
            label={t('allotments.invoice.fields.discount')}
            description={
              total !== null
                ? t('allotments.invoice.fields.discountHint', { total: formatMoney(total, locale) })
                : undefined
            }
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <TextAreaField
          control={form.control}
          name="discountDescription"
          label={t('allotments.invoice.fields.discountDescription')}
          maxLength={500}
        />
        {failed ? (
          <p className="form-error invoice-form__failed" role="alert">
            {t('allotments.invoice.failed', { message: failed })}
          </p>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {mode.kind === 'create' ? t('allotments.invoice.create') : t('allotments.invoice.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
