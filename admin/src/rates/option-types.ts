import { optionCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/context.tsx';

/** The option types offered (general, travel insurance). */
export function useOptionTypes() {
  const { client } = useServices();
  const query = useQuery({
    queryKey: ['lookup', 'optionTypes'],
    queryFn: ({ signal }) => client.call(optionCalls.typeList, {}, { signal }),
    staleTime: 10 * 60_000,
    select: (answer) => answer.items,
  });
  return { types: query.data, isError: query.isError, error: query.error, retry: () => void query.refetch() };
}
