import './search-picker.css';
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
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLoadFailureMessage } from '../LoadFailure.tsx';

/** A chosen record as forms and filters keep it: its id and the name the box shows. */
export interface SearchChoice {
  id: number;
  displayName: string;
}

export interface SearchPickerProps<R extends SearchChoice> {
  label: ReactNode;
  /** The chosen record shown in the box (null: none, or a multi-choice box that empties itself). */
  value: SearchChoice | null;
  /** A choice from the list; null when the box commits no choice (the caller decides what that means). */
  onChange: (choice: SearchChoice | null) => void;
  /** Every edit of the box's text, after the box has taken it. */
  onInputChange?: (text: string) => void;
  /** The query's key; the search text is appended. */
  queryKey: readonly unknown[];
  /** The records matching a search ('' for the first ones), once the box has been opened. */
  load: (search: string, signal: AbortSignal) => Promise<readonly R[]>;
  staleTime: number;
  /** How long the search waits after the last keystroke. */
  debounceMs: number;
  /** Records the box offers of those loaded. */
  accept?: (record: R) => boolean;
  /** A second line under a record's name (what kind of account it is). */
  detailOf?: (record: R) => ReactNode;
  /** A multi-choice box empties its text after a choice. */
  clearOnPick?: boolean;
  /** Extra class names of the box (after `fb-field search-picker`). */
  className?: string;
  placeholder: string;
  /** The accessible name of the button that opens the list. */
  showLabel: string;
  /** What the list says when nothing matches. */
  emptyText: string;
  description?: ReactNode;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

interface Option<R> {
  record: R | null;
  choice: SearchChoice;
}

/**
 * A searchable choice of one record (react-aria ComboBox): the first records when opened, those
 * matching the typed text `debounceMs` after typing stops, the chosen one always among them.
 */
export function SearchPicker<R extends SearchChoice>({
  label,
  value,
  onChange,
  onInputChange,
  queryKey,
  load,
  staleTime,
  debounceMs,
  accept,
  detailOf,
  clearOnPick = false,
  className,
  placeholder,
  showLabel,
  emptyText,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  inputRef,
  onBlur,
}: SearchPickerProps<R>) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState(value?.displayName ?? '');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);

  // A value set from outside (a reset form, the account of the address) shows its name.
  const shownName = value?.displayName;
  useEffect(() => {
    if (shownName !== undefined) setInputValue(shownName);
  }, [shownName]);

  // The chosen record's name in the box is no search: the list then starts from the top again.
  const typed = inputValue.trim() === (value?.displayName ?? '') ? '' : inputValue.trim();
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, search, debounceMs]);

  const query = useQuery({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) => load(search, signal),
    enabled: opened && !isDisabled,
    staleTime,
    placeholderData: keepPreviousData,
  });
  const failureText = useLoadFailureMessage(query.error);
  const failure = query.isError ? failureText : null;
  const items: Option<R>[] = (query.data ?? [])
    .filter((record) => accept?.(record) ?? true)
    .map((record) => ({ record, choice: { id: record.id, displayName: record.displayName } }));
  if (value && !items.some((item) => item.choice.id === value.id))
    items.unshift({ record: null, choice: value });

  return (
    <ComboBox
      className={className ? `fb-field search-picker ${className}` : 'fb-field search-picker'}
      items={items}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        onInputChange?.(text);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const picked = items.find((item) => item.choice.id === key)?.choice ?? null;
        onChange(picked);
        if (picked) setInputValue(clearOnPick ? '' : picked.displayName);
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
      <div className="search-picker__control">
        <Input className="fb-field__input search-picker__input" ref={inputRef} placeholder={placeholder} />
        <Button className="search-picker__toggle" aria-label={showLabel}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {description ? (
        <Text slot="description" className="fb-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="fb-field__error">{error}</FieldError>
      <Popover className="search-picker__popover" placement="bottom start">
        <ListBox<Option<R>>
          className="search-picker__list"
          renderEmptyState={() => (
            // A failed search is not "nothing found": it says why (typing again asks again).
            <p className="search-picker__empty" role={failure ? 'alert' : undefined}>
              {query.isFetching ? t('common.loading') : (failure ?? emptyText)}
            </p>
          )}
        >
          {(item) => (
            <ListBoxItem
              id={item.choice.id}
              textValue={item.choice.displayName}
              className="search-picker__option"
            >
              <span className="search-picker__name">{item.choice.displayName}</span>
              {item.record && detailOf ? (
                <span className="search-picker__detail">{detailOf(item.record)}</span>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
