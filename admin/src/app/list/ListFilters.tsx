import { TextField } from '@flybook/ui';
import type { BaseRecord } from '@refinedev/core';
import { type ReactNode, useId, useState } from 'react';
import { Checkbox, CheckboxGroup, Label, Switch } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues, ServerListState } from './use-server-list.ts';

/**
 * The filter bar above a list; its fields reload the list after the debounce. `more` holds the
 * filters used less often, folded away behind "More filters" so the rows stay on screen (at least
 * ten at 1440×900); the button says how many of them are set, and they open by themselves when any is.
 */
export function ListFilters({
  children,
  more,
  moreSet = 0,
}: {
  children: ReactNode;
  more?: ReactNode;
  /** How many of the `more` filters differ from their defaults. */
  moreSet?: number;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(moreSet > 0);
  // A folded filter set from elsewhere (a sequence badge in the rows) is shown, not hidden.
  const [seenSet, setSeenSet] = useState(moreSet);
  if (moreSet !== seenSet) {
    setSeenSet(moreSet);
    if (moreSet > seenSet) setOpen(true);
  }
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
      {more ? (
        <>
          <button
            type="button"
            className="list-filters__more"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            {open ? t('list.fewerFilters') : t('list.moreFilters')}
            {moreSet > 0 ? (
              <span className="list-filters__count">{t('list.filtersSet', { count: moreSet })}</span>
            ) : null}
          </button>
          <div id={panelId} className="list-filters__panel" hidden={!open}>
            {more}
          </div>
        </>
      ) : null}
    </form>
  );
}

/** How many of the named filters differ from their initial values (the "More filters" count). */
export function countChanged<F extends ListFilterValues>(
  values: F,
  initial: F,
  names: readonly (keyof F & string)[],
): number {
  return names.filter((name) => JSON.stringify(values[name]) !== JSON.stringify(initial[name])).length;
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

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One value from a short list, or none ('' and the `anyLabel` choice): the browser's own select.
 * Without `anyLabel` one of the options is always chosen.
 */
export function SelectFilter<T extends BaseRecord, F extends ListFilterValues>({
  list,
  name,
  label,
  options,
  anyLabel,
}: FilterProps<T, F> & { options: readonly FilterOption[]; anyLabel?: string }) {
  const id = useId();
  const value = list.filterValues[name];
  return (
    <div className="fb-field list-filters__select">
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fb-field__input select"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => list.setFilter(name, event.target.value)}
      >
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Several values from a short list (statuses, weekdays): a labelled group of checkbox chips. */
export function CheckboxGroupFilter<T extends BaseRecord, F extends ListFilterValues>({
  list,
  name,
  label,
  options,
}: FilterProps<T, F> & { options: readonly FilterOption[] }) {
  const value = list.filterValues[name];
  return (
    <CheckboxGroup
      className="list-filters__group"
      value={Array.isArray(value) ? [...value] : []}
      onChange={(chosen) => list.setFilter(name, chosen)}
    >
      <Label className="fb-field__label">{label}</Label>
      <div className="list-filters__chips">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} className="list-chip">
            {({ isSelected }) => (
              <>
                {isSelected ? <span aria-hidden="true">✓&nbsp;</span> : null}
                {option.label}
              </>
            )}
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
}

/** A calendar date (yyyy-MM-dd, '' for none) in the browser's date input. */
export function DateFilter<T extends BaseRecord, F extends ListFilterValues>({
  list,
  name,
  label,
}: FilterProps<T, F>) {
  const value = list.filterValues[name];
  return (
    <TextField
      className="list-filters__date"
      label={label}
      type="date"
      value={typeof value === 'string' ? value : ''}
      onChange={(text) => list.setFilter(name, text)}
    />
  );
}
