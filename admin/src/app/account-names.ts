import { accountName } from '@flybook/locales/ledger';
import type { Account, VirtualAccount } from '@flybook/schemas';
import type { TFunction } from 'i18next';

/**
 * An account's name in the interface's language: a virtual account's from the catalogue (its
 * stored name when the catalogue has none), a person's account by the person's name.
 */
export const accountNameOf = (t: TFunction, account: Account): string =>
  accountName(t, {
    displayName: account.virtualAccount?.name ?? account.displayName,
    virtualCode: account.virtualAccount?.code ?? null,
  });

/** A virtual account's name (`virtual-account/list`) in the interface's language. */
export const virtualAccountNameOf = (t: TFunction, account: Pick<VirtualAccount, 'name' | 'code'>): string =>
  accountName(t, { displayName: account.name, virtualCode: account.code });
