import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export interface DialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Accessible name of the close button (the visible × has no text). */
  closeLabel: string;
  children: ReactNode;
  /** A dialog that must be answered (no close on outside click) sets this to false. */
  isDismissable?: boolean;
  /** 'wide' for a form with fields side by side (40rem instead of 28rem). */
  size?: 'default' | 'wide';
}

/**
 * A modal dialog: focus is trapped inside and returns to the opener on close, Escape closes it,
 * the page behind is hidden from assistive technology.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  closeLabel,
  children,
  isDismissable = true,
  size = 'default',
}: DialogProps) {
  return (
    <ModalOverlay
      className="fb-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <Modal className={size === 'wide' ? 'fb-modal fb-modal--wide' : 'fb-modal'}>
        <AriaDialog className="fb-dialog">
          {({ close }) => (
            <>
              <div className="fb-dialog__header">
                <Heading slot="title" className="fb-dialog__title">
                  {title}
                </Heading>
                <Button variant="ghost" className="fb-dialog__close" aria-label={closeLabel} onPress={close}>
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
              <div className="fb-dialog__body">{children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
