import './list/list.css';
import { Button } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from './BusyDialog.tsx';

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
  if (!isOpen) return null;
  return (
    <BusyDialog title={title} isPending={isPending} onCancel={onCancel}>
      <p className="list-dialog__message">{message}</p>
      <div className="list-dialog__buttons">
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" onPress={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </BusyDialog>
  );
}
