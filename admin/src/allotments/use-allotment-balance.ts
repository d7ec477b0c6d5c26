import { allotmentCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/context.tsx';

/** The query keys of the allotment section, so a change reloads what shows it. */
export const BALANCE_KEY = ['allotmentBalance'] as const;

/**
 * What an agent still owes on allotment invoices (spec 03 §6): staff read the chosen agent's
 * balance (none chosen: nothing to show), an agent their own.
 */
export function useAllotmentBalance(options: {
  enabled: boolean;
  fullList: boolean;
  agentId: number | null;
}) {
  const { client } = useServices();
  const { enabled, fullList, agentId } = options;
  return useQuery({
    queryKey: [...BALANCE_KEY, fullList ? agentId : 'own'],
    queryFn: ({ signal }) =>
      fullList
        ? client.call(allotmentCalls.balance, { params: { id: agentId ?? 0 } }, { signal })
        : client.call(allotmentCalls.agentBalance, undefined, { signal }),
    enabled: enabled && (!fullList || agentId !== null),
    retry: false,
  });
}
