import './confirm-dialog.css';
import { Button, Dialog } from '@flybook/ui';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  isOpen: boolean;
  /** The job runs: the confirm button is busy and the dialog stays until it ends. */
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone (cancel, delete, departed); any area's lists use it. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  isOpen,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
      closeLabel={t('common.close')}
      isDismissable={!isPending}
    >
      <p className="confirm-dialog__message">{message}</p>
      <div className="confirm-dialog__buttons">
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" onPress={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
