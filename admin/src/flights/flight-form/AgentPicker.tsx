import { agentCalls } from '@flybook/schemas';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { type SearchChoice, SearchPicker } from '../../app/form/SearchPicker.tsx';

/** Agent searches wait this long after the last keystroke (spec 03 §4: agent searches debounced 1 s). */
export const AGENT_SEARCH_DEBOUNCE_MS = 1000;
/** Agents offered per search (spec 03 §9: agent search page size 10, active only, by name). */
export const AGENT_SEARCH_PAGE_SIZE = 10;

export type AgentChoice = SearchChoice;

/**
 * A searchable choice of an active agent (the allotment's agent): the first agents by name when
 * opened, the agents matching the typed text one second after typing stops.
 */
export function AgentPicker({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  isDisabled = false,
  isRequired = false,
  error,
}: {
  label: ReactNode;
  value: AgentChoice | null;
  onChange: (agent: AgentChoice | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  isDisabled?: boolean;
  isRequired?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  return (
    <SearchPicker
      className="agent-picker"
      label={label}
      value={value}
      onChange={onChange}
      queryKey={['flightForm', 'agents']}
      load={async (search, signal) => {
        const page = await client.call(
          agentCalls.list,
          {
            query: {
              page: 0,
              pageSize: AGENT_SEARCH_PAGE_SIZE,
              isActive: true,
              sortBy: 'displayName',
              sortOrder: 'ASC',
              ...(search === '' ? {} : { query: search }),
            },
          },
          { signal },
        );
        return page.items;
      }}
      staleTime={60_000}
      debounceMs={AGENT_SEARCH_DEBOUNCE_MS}
      placeholder={t('flights.form.allotments.searchAgent')}
      showLabel={t('flights.form.allotments.showAgents')}
      emptyText={t('flights.form.allotments.noAgents')}
      error={error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      inputRef={inputRef}
      onBlur={onBlur}
    />
  );
}
