import { TextField } from '@flybook/ui';
import type { BaseRecord } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues, ServerListState } from './use-server-list.ts';

/** The filter bar above a list; its fields reload the list after the debounce. */
export function ListFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Nothing to submit: the fields reload the list by themselves.
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023
    <form
      role="search"
      className="list-filters"
      aria-label={t('list.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </form>
  );
}

interface FilterProps<T extends BaseRecord, F extends ListFilterValues> {
  list: ServerListState<T, F>;
  /** The filter's name in the list's filter values (and the API's query field by default). */
  name: keyof F & string;
  label: string;
}

/** The search text of a list (`query`). */
export function SearchFilter<T extends BaseRecord, F extends ListFilterValues>({
  list,
  name,
  label,
  description,
}: FilterProps<T, F> & { description?: string }) {
  const value = list.filterValues[name];
  return (
    <TextField
      className="list-filters__search"
      label={label}
      description={description}
      type="search"
      value={typeof value === 'string' ? value : ''}
      onChange={(text) => list.setFilter(name, text)}
    />
  );
}

/** An on/off filter such as "Active only". */
export function ToggleFilter<T extends BaseRecord, F extends ListFilterValues>({
  list,
  name,
  label,
}: FilterProps<T, F>) {
  return (
    <Switch
      className="switch list-filters__toggle"
      isSelected={list.filterValues[name] === true}
      onChange={(selected) => list.setFilter(name, selected)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      {label}
    </Switch>
  );
}
