import { type Account, accountCalls } from '@flybook/schemas';
import { Button as KitButton } from '@flybook/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNameOf } from '../app/account-names.ts';
import { useServices } from '../app/context.tsx';
import { type SearchChoice, SearchPicker, type SearchPickerProps } from '../app/form/SearchPicker.tsx';

/** Spec 03 §9: the account search of the new transaction page waits 500 ms after typing stops. */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 500;

/** Accounts offered per search by `account/list` (its maximum page size). */
const ACCOUNT_LIST_PAGE_SIZE = 50;

/** A chosen account as the forms and filters keep it. */
export type AccountChoice = SearchChoice;

/**
 * Where the accounts come from: `free` is the transaction picker (`account/free-list`, with its own
 * visibility rules and ROLE_ACCOUNT_LIST_FREE), `all` the account list (ROLE_ACCOUNT_LIST) the balance
 * log filters use.
 */
export type AccountSource = 'free' | 'all';

/** What kind of account a row is, for the second line of an option ("Agent", "Cash desk"). */
function useAccountKind() {
  const { t } = useTranslation();
  return (account: Account): string => {
    if (account.user) {
      switch (account.user.type) {
        case 'agent':
          return t('ledger.accountKind.agent');
        case 'customer':
          return t('ledger.accountKind.customer');
        case 'manager':
          return t('ledger.accountKind.manager');
        default:
          return t('ledger.accountKind.admin');
      }
    }
    switch (account.virtualAccount?.kind) {
      case 'cash':
        return t('ledger.accountKind.cash');
      case 'bank':
        return t('ledger.accountKind.bank');
      case 'transfer':
        return t('ledger.accountKind.transfer');
      case 'card':
        return t('ledger.accountKind.card');
      case 'revenue':
        return t('ledger.accountKind.revenue');
      case 'expense':
        return t('ledger.accountKind.expense');
      default:
        return '';
    }
  };
}

/**
 * Loads the accounts matching a search ('' for the first ones) from the given source, each named
 * in the interface's language (the box shows and keeps `displayName`).
 */
function useAccountSearch(source: AccountSource) {
  const { client } = useServices();
  const { t } = useTranslation();
  const named = (account: Account): Account => ({ ...account, displayName: accountNameOf(t, account) });
  return async (search: string, signal: AbortSignal): Promise<Account[]> => {
    const text = search === '' ? {} : { query: search };
    if (source === 'free') {
      const answer = await client.call(accountCalls.freeList, { query: text }, { signal });
      return answer.items.map(named);
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
    return page.items.map(named);
  };
}

interface SearchBoxProps
  extends Pick<
    SearchPickerProps<Account>,
    'label' | 'description' | 'error' | 'isRequired' | 'isDisabled' | 'inputRef' | 'onBlur'
  > {
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
  debounceMs?: number;
}

function AccountSearchBox({
  source,
  value,
  onPick,
  accept,
  exclude = [],
  clearOnPick = false,
  debounceMs = ACCOUNT_SEARCH_DEBOUNCE_MS,
  ...props
}: SearchBoxProps) {
  const { t, i18n } = useTranslation();
  const kindOf = useAccountKind();
  const loadAccounts = useAccountSearch(source);
  return (
    <SearchPicker<Account>
      {...props}
      className="account-picker"
      value={value}
      onChange={(picked) => {
        if (picked) onPick(picked);
      }}
      onInputChange={(text) => {
        // Emptying the box of a single choice takes the choice away.
        if (text.trim() === '' && value && !clearOnPick) onPick(null);
      }}
      queryKey={['accounts', source, i18n.language]}
      load={loadAccounts}
      staleTime={30_000}
      debounceMs={debounceMs}
      accept={(account) => !exclude.includes(account.id) && (accept?.(account) ?? true)}
      detailOf={kindOf}
      clearOnPick={clearOnPick}
      placeholder={t('ledger.picker.placeholder')}
      showLabel={t('ledger.picker.show')}
      emptyText={t('ledger.picker.none')}
    />
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
                aria-label={t('ledger.picker.remove', { name: account.displayName })}
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
