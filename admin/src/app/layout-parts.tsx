import { satisfies } from '@flybook/domain';
import { LOCALES } from '@flybook/locales';
import { accountCalls, type Me } from '@flybook/schemas';
import { Button, LanguageSwitch, Money } from '@flybook/ui';
import { useLogout } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from './context.tsx';
import { currentLocale } from './i18n.ts';

/** The interface language of the page, re-rendering on a switch. */
export function useLocale() {
  const { i18n } = useTranslation();
  return currentLocale(i18n);
}

function PlaneIcon() {
  return (
    <svg
      className="brand__icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z"
      />
    </svg>
  );
}

/** Product name and area; a link home when a home exists for the user. */
export function Brand({ to }: { to?: string }) {
  const { t } = useTranslation();
  const content = (
    <>
      <PlaneIcon />
      <span className="brand__name">{t('common.productName')}</span>
      <span className="brand__area">{t('common.backOffice')}</span>
    </>
  );
  return to ? (
    <Link className="brand" to={to}>
      {content}
    </Link>
  ) : (
    <span className="brand">{content}</span>
  );
}

export function LocaleSwitch({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { setLocale } = useServices();
  return (
    <LanguageSwitch
      locales={LOCALES}
      value={useLocale()}
      onChange={(locale) => void setLocale(locale)}
      label={t('layout.language')}
      tone={tone}
    />
  );
}

/** Ends the session on the server and here; the auth provider then shows the login page. */
export function LogoutButton() {
  const { t } = useTranslation();
  const { mutate: logout, isPending } = useLogout();
  return (
    <Button variant="secondary" className="topbar__logout" isPending={isPending} onPress={() => logout()}>
      {t('layout.logout')}
    </Button>
  );
}

/** The user's balance in CHF; 0.00 when the user has no account or it cannot be read (spec 01 §2). */
export function UserBalance({ user }: { user: Me }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const locale = useLocale();
  const account = useQuery({
    queryKey: ['account', 'user', user.id],
    queryFn: ({ signal }) => client.call(accountCalls.userAccount, { params: { id: user.id } }, { signal }),
    enabled: user.accountId !== null,
    retry: false,
  });
  return (
    <div className="topbar__balance">
      <span className="topbar__label">{t('layout.balance')}</span>
      <Money chf={account.data?.balance ?? 0} locale={locale} />
    </div>
  );
}

// The dialog and its form load when an agent first opens it, not with the shell.
const ChargeAccountDialog = lazy(() =>
  import('../ledger/charge/ChargeAccountDialog.tsx').then((m) => ({ default: m.ChargeAccountDialog })),
);

/** Agents charge their own account by card from the header (spec 03 §6: "Agents see a charge-account action"). */
export function ChargeAccountAction({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (
    user.type !== 'agent' ||
    !satisfies(user.roles, 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT')
  ) {
    return null;
  }
  return (
    <>
      <Button variant="secondary" className="topbar__charge" onPress={() => setOpen(true)}>
        {t('layout.chargeAccount')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ChargeAccountDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
