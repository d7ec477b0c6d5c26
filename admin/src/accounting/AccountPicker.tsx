import { type Account, accountCalls } from '@flybook/schemas';
import { Button as KitButton, RequiredMark } from '@flybook/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
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
import { useServices } from '../app/context.tsx';

/** Spec 03 §9: the account search of the new transaction page waits 500 ms after typing stops. */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 500;

/** Accounts offered per search by `account/list` (its maximum page size). */
const ACCOUNT_LIST_PAGE_SIZE = 50;

/** A chosen account as the forms and filters keep it. */
export interface AccountChoice {
  id: number;
  displayName: string;
}

/**
 * Where the accounts come from: `free` is the transaction picker (`account/free-list`, with its own
 * visibility rules and ROLE_ACCOUNT_LIST_FREE), `all` the account list (ROLE_ACCOUNT_LIST) the balance
 * log filters use.
 */
export type AccountSource = 'free' | 'all';

const choiceOf = ({ id, displayName }: Account): AccountChoice => ({ id, displayName });

/** What kind of account a row is, for the second line of an option ("Agent", "Cash desk"). */
function useAccountKind() {
  const { t } = useTranslation();
  return (account: Account): string => {
    if (account.user) {
      switch (account.user.type) {
        case 'agent':
          return t('accounting.accountKind.agent');
        case 'customer':
          return t('accounting.accountKind.customer');
        case 'manager':
          return t('accounting.accountKind.manager');
        default:
          return t('accounting.accountKind.admin');
      }
    }
    switch (account.virtualAccount?.kind) {
      case 'cash':
        return t('accounting.accountKind.cash');
      case 'bank':
        return t('accounting.accountKind.bank');
      case 'transfer':
        return t('accounting.accountKind.transfer');
      case 'card':
        return t('accounting.accountKind.card');
      case 'revenue':
        return t('accounting.accountKind.revenue');
      case 'expense':
        return t('accounting.accountKind.expense');
      default:
        return '';
    }
  };
}

/** The accounts matching a search, once the picker has been opened. */
function useAccountSearch(source: AccountSource, search: string, enabled: boolean) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['accounts', source, search],
    queryFn: async ({ signal }) => {
      const text = search === '' ? {} : { query: search };
      if (source === 'free') {
        const answer = await client.call(accountCalls.freeList, { query: text }, { signal });
        return answer.items;
      }
      const page = await client.call(
        accountCalls.list,
        {
          query: {
            page: 0,
            pageSize: ACCOUNT_LIST_PAGE_SIZE,
            sortBy: 'displayName',
            sortOrder: 'ASC',
            ...text,
          },
        },
        { signal },
      );
      return page.items;
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

interface SearchBoxProps {
  label: ReactNode;
  source: AccountSource;
  /** The chosen account shown in the box (null: none, or a multi-choice box that empties itself). */
  value: AccountChoice | null;
  onPick: (account: AccountChoice | null) => void;
  /** Accounts the box offers, e.g. only agents' and customers' accounts for a cashback. */
  accept?: (account: Account) => boolean;
  /** Accounts left out (those already chosen in a multi-choice filter). */
  exclude?: readonly number[];
  /** A multi-choice box empties its text after a choice. */
  clearOnPick?: boolean;
  description?: ReactNode;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  debounceMs?: number;
}

function AccountSearchBox({
  label,
  source,
  value,
  onPick,
  accept,
  exclude = [],
  clearOnPick = false,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  inputRef,
  onBlur,
  debounceMs = ACCOUNT_SEARCH_DEBOUNCE_MS,
}: SearchBoxProps) {
  const { t } = useTranslation();
  const kindOf = useAccountKind();
  const [inputValue, setInputValue] = useState(value?.displayName ?? '');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);

  // A value set from outside (a reset form, the account of the address) shows its name.
  const shownName = value?.displayName;
  useEffect(() => {
    if (shownName !== undefined) setInputValue(shownName);
  }, [shownName]);

  // The chosen account's name in the box is no search: the list then starts from the top again.
  const typed = inputValue.trim() === (value?.displayName ?? '') ? '' : inputValue.trim();
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, search, debounceMs]);

  const query = useAccountSearch(source, search, opened && !isDisabled);
  const found = (query.data ?? []).filter(
    (account) => !exclude.includes(account.id) && (accept?.(account) ?? true),
  );
  const items: { account: Account | null; choice: AccountChoice }[] = found.map((account) => ({
    account,
    choice: choiceOf(account),
  }));
  if (value && !items.some((item) => item.choice.id === value.id))
    items.unshift({ account: null, choice: value });

  return (
    <ComboBox
      className="fb-field account-picker"
      items={items}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        // Emptying the box of a single choice takes the choice away.
        if (text.trim() === '' && value && !clearOnPick) onPick(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const picked = items.find((item) => item.choice.id === key)?.choice ?? null;
        if (!picked) return;
        onPick(picked);
        setInputValue(clearOnPick ? '' : picked.displayName);
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
      <div className="account-picker__control">
        <Input
          className="fb-field__input account-picker__input"
          ref={inputRef}
          placeholder={t('accounting.picker.placeholder')}
        />
        <Button className="account-picker__toggle" aria-label={t('accounting.picker.show')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {description ? (
        <Text slot="description" className="fb-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="fb-field__error">{error}</FieldError>
      <Popover className="account-picker__popover" placement="bottom start">
        <ListBox<(typeof items)[number]>
          className="account-picker__list"
          renderEmptyState={() => (
            <p className="account-picker__empty">
              {query.isFetching ? t('common.loading') : t('accounting.picker.none')}
            </p>
          )}
        >
          {(item) => (
            <ListBoxItem
              id={item.choice.id}
              textValue={item.choice.displayName}
              className="account-picker__option"
            >
              <span className="account-picker__name">{item.choice.displayName}</span>
              {item.account ? <span className="account-picker__kind">{kindOf(item.account)}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/**
 * A searchable choice of one account: the first accounts by name when opened, those matching the
 * typed text {@link ACCOUNT_SEARCH_DEBOUNCE_MS} after typing stops.
 */
export function AccountPicker({
  value,
  onChange,
  ...props
}: Omit<SearchBoxProps, 'onPick' | 'clearOnPick' | 'exclude'> & {
  onChange: (account: AccountChoice | null) => void;
}) {
  return <AccountSearchBox {...props} value={value} onPick={onChange} />;
}

/** Several accounts (the balance log's related accounts): a search box and the chosen ones as chips. */
export function AccountMultiPicker({
  label,
  source,
  value,
  onChange,
  debounceMs,
}: {
  label: string;
  source: AccountSource;
  value: readonly AccountChoice[];
  onChange: (accounts: AccountChoice[]) => void;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <div className="account-multi">
      <AccountSearchBox
        label={label}
        source={source}
        value={null}
        clearOnPick
        exclude={value.map((account) => account.id)}
        onPick={(account) => {
          if (account && !value.some((chosen) => chosen.id === account.id)) onChange([...value, account]);
        }}
        {...(debounceMs === undefined ? {} : { debounceMs })}
      />
      {value.length > 0 ? (
        <ul className="account-multi__chosen" id={listId} aria-label={label}>
          {value.map((account) => (
            <li key={account.id} className="account-multi__chip">
              <span>{account.displayName}</span>
              <KitButton
                variant="ghost"
                className="account-multi__remove"
                aria-label={t('accounting.picker.remove', { name: account.displayName })}
                onPress={() => onChange(value.filter((chosen) => chosen.id !== account.id))}
              >
                <span aria-hidden="true">×</span>
              </KitButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
