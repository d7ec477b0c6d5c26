import '../../app/form/form.css';
import '../ledger.css';
import { Dialog } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChargeAccountForm } from './ChargeAccountForm.tsx';

/**
 * The layout's charge-account dialog for agents (spec 03 §6): an amount, then the card payment; the
 * payment returns to the page the agent was on.
 */
export function ChargeAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Dialog
      title={t('ledger.charge.title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      closeLabel={t('common.close')}
    >
      <ChargeAccountForm
        routeName={`${pathname}${search}`.slice(0, 200)}
        onStarted={onClose}
        label={t('ledger.charge.title')}
      />
    </Dialog>
  );
}
