import { Dialog } from '@flybook/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that asks and then waits for the server: while `isPending` it can be neither closed nor
 * dismissed (the answer is on its way); otherwise closing it is cancelling.
 */
export function BusyDialog({
  title,
  isPending,
  onCancel,
  size,
  children,
}: {
  title: ReactNode;
  isPending: boolean;
  onCancel: () => void;
  size?: 'normal' | 'wide';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      isOpen
      {...(size ? { size } : {})}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
      closeLabel={t('common.close')}
      isDismissable={!isPending}
    >
      {children}
    </Dialog>
  );
}
