import '../app/form/form.css';
import '../app/form/choice.css';
import './ledger.css';
import { adminPath } from '@flybook/domain';
import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../app/PageHeader.tsx';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { useCurrentUser } from '../app/use-current-user.ts';
import { ChargeAccountForm } from './charge/ChargeAccountForm.tsx';
import { AdvancedForm } from './new-transaction/AdvancedForm.tsx';
import { CashbackForm } from './new-transaction/CashbackForm.tsx';
import { DepositForm } from './new-transaction/DepositForm.tsx';
import {
  type TransactionTab,
  transactionAccess,
  visibleTransactionTabs,
} from './new-transaction/transaction-forms.ts';
import { useTransactionLookups } from './new-transaction/use-free-transaction.ts';

/**
 * New Transaction (spec 03 §2): Cashback, Charge account, Deposits and Advanced, each shown only
 * with its permission, the first one shown selected. After a transaction: "Payment done" and the
 * balance log.
 */
export function NewTransactionPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const access = useMemo(() => transactionAccess(user ?? { type: null, roles: [] }), [user]);
  const tabs = useMemo(() => visibleTransactionTabs(access), [access]);
  const [chosen, setChosen] = useState<TransactionTab | null>(null);
  const selected = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
  const lookups = useTransactionLookups();
  const title = t('ledger.newTransaction.title');

  const labels: Record<TransactionTab, string> = {
    cashback: t('ledger.newTransaction.tabs.cashback'),
    chargeAccount: t('ledger.newTransaction.tabs.chargeAccount'),
    deposits: t('ledger.newTransaction.tabs.deposits'),
    advanced: t('ledger.newTransaction.tabs.advanced'),
  };

  if (!user) return null;
  return (
    <>
      <SectionTabs section="ledger" user={user} />
      <PageHeader title={title} />
      {selected ? (
        <div className="form-card transaction-card">
          <Tabs
            className="transaction-tabs"
            selectedKey={selected}
            onSelectionChange={(key) => {
              const next = tabs.find((tab) => tab === key);
              if (next) setChosen(next);
            }}
          >
            <TabList aria-label={title} className="transaction-tabs__list">
              {tabs.map((tab) => (
                <Tab key={tab} id={tab} className="transaction-tabs__tab">
                  {labels[tab]}
                </Tab>
              ))}
            </TabList>
            {tabs.includes('cashback') ? (
              <TabPanel id="cashback" className="transaction-tabs__panel">
                <CashbackForm lookups={lookups} />
              </TabPanel>
            ) : null}
            {tabs.includes('chargeAccount') ? (
              <TabPanel id="chargeAccount" className="transaction-tabs__panel">
                <ChargeAccountForm routeName={adminPath('balanceLog')} label={labels.chargeAccount} />
              </TabPanel>
            ) : null}
            {tabs.includes('deposits') ? (
              <TabPanel id="deposits" className="transaction-tabs__panel">
                <DepositForm lookups={lookups} access={access} />
              </TabPanel>
            ) : null}
            {tabs.includes('advanced') ? (
              <TabPanel id="advanced" className="transaction-tabs__panel">
                <AdvancedForm lookups={lookups} />
              </TabPanel>
            ) : null}
          </Tabs>
        </div>
      ) : (
        <p className="form-hint">{t('ledger.newTransaction.noTabs')}</p>
      )}
    </>
  );
}
