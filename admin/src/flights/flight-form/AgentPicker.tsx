import { agentCalls } from '@flybook/schemas';
import { RequiredMark } from '@flybook/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';

/** Agent searches wait this long after the last keystroke (spec 03 §4: agent searches debounced 1 s). */
export const AGENT_SEARCH_DEBOUNCE_MS = 1000;
/** Agents offered per search (spec 03 §9: agent search page size 10, active only, by name). */
export const AGENT_SEARCH_PAGE_SIZE = 10;

export interface AgentChoice {
  id: number;
  displayName: string;
}

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
  const [inputValue, setInputValue] = useState(value?.displayName ?? '');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);

  // The chosen agent's name in the input is no search: the list then starts from the top again.
  const typed = inputValue.trim() === (value?.displayName ?? '') ? '' : inputValue.trim();
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), AGENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const query = useQuery({
    queryKey: ['flightForm', 'agents', search],
    queryFn: ({ signal }) =>
      client.call(
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
      ),
    enabled: opened && !isDisabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const found: AgentChoice[] = (query.data?.items ?? []).map(({ id, displayName }) => ({ id, displayName }));
  const items = value && !found.some((agent) => agent.id === value.id) ? [value, ...found] : found;

  return (
    <ComboBox
      className="fb-field agent-picker"
      items={items}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const agent = items.find((candidate) => candidate.id === key) ?? null;
        onChange(agent);
        if (agent) setInputValue(agent.displayName);
      }}
      onOpenChange={(isOpen) => {
        if (isOpen) setOpened(true);
      }}
      onBlur={onBlur}
      menuTrigger="focus"
      allowsEmptyCollection
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className="fb-field__label">
        {label}
        <RequiredMark shown={isRequired} />
      </Label>
      <div className="agent-picker__control">
        <Input
          className="fb-field__input agent-picker__input"
          ref={inputRef}
          placeholder={t('flights.form.allotments.searchAgent')}
        />
        <Button className="agent-picker__toggle" aria-label={t('flights.form.allotments.showAgents')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <FieldError className="fb-field__error">{error}</FieldError>
      <Popover className="agent-picker__popover" placement="bottom start">
        <ListBox<AgentChoice>
          className="agent-picker__list"
          renderEmptyState={() => (
            <p className="agent-picker__empty">
              {query.isFetching ? t('common.loading') : t('flights.form.allotments.noAgents')}
            </p>
          )}
        >
          {(agent) => (
            <ListBoxItem id={agent.id} textValue={agent.displayName} className="agent-picker__option">
              {agent.displayName}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
