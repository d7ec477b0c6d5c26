import { TransactionIdSchema } from '@flybook/schemas';

/** What the provider's return address says, or null when it lacks the transaction or the status. */
export function readCardReturn(params: URLSearchParams): {
  transactionId: string;
  status: string;
  route: string | null;
} | null {
  const transactionId = params.get('datatransTrxId') ?? params.get('transactionId');
  const status = params.get('status');
  if (!transactionId || !status || !TransactionIdSchema.safeParse(transactionId).success) return null;
  return { transactionId, status, route: params.get('route') };
}
