import { saveFile } from '@flybook/client';
import { allotmentCalls } from '@flybook/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { useLocale } from '../app/layout-parts.tsx';
import { failureNotice } from '../app/notices.ts';

/**
 * Downloads AllotmentInvoice.pdf in the interface language: staff with the full list through the
 * invoice call, everyone else (agents) through their own. A failed download says so and stops the
 * busy state (spec 03 §8).
 */
export function useInvoicePdf(fullList: boolean) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client, notifications, translateError } = useServices();
  const mutation = useMutation({
    mutationFn: async (invoiceId: number) => {
      const call = fullList ? allotmentCalls.invoicePdf : allotmentCalls.agentInvoicePdf;
      saveFile(await client.call(call, { params: { id: invoiceId, locale } }));
    },
    onError: (error) => {
      const notice = failureNotice(t, toHttpError(error, translateError));
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });
  return {
    download: mutation.mutate,
    downloadAsync: mutation.mutateAsync,
    /** The invoice whose PDF is being made, for a busy button. */
    busyId: mutation.isPending ? (mutation.variables ?? null) : null,
  };
}
