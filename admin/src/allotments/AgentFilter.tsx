import type { BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues, ServerListState } from '../app/list/use-server-list.ts';
import { type AgentChoice, AgentPicker } from '../flights/flight-form/AgentPicker.tsx';

/**
 * The agent filter of the allotment lists (full list only, spec 03 §2): a searchable agent that
 * sets the list's `agentId`. Tells the page which agent is chosen (the balance panel shows it).
 */
export function AgentFilter<T extends BaseRecord, F extends ListFilterValues & { agentId: string }>({
  list,
  onChange,
}: {
  list: ServerListState<T, F>;
  onChange?: (agent: AgentChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [agent, setAgent] = useState<AgentChoice | null>(null);
  return (
    <div className="list-filters__picker">
      <AgentPicker
        label={t('allotments.filters.agent')}
        value={agent}
        onChange={(choice) => {
          setAgent(choice);
          onChange?.(choice);
          list.setFilter('agentId', choice ? String(choice.id) : '');
        }}
      />
    </div>
  );
}
