import { Button } from './Button.tsx';
import { type NotificationKind, type NotificationStore, useNotifications } from './notifications.ts';

export interface NotificationRegionProps {
  store: NotificationStore;
  /** The heading of each notice by kind: Error, Info, Warning, Success in the interface language. */
  titles: Record<NotificationKind, string>;
  /** Accessible name of the region landmark, e.g. "Notifications". */
  label: string;
  /** Accessible name of each notice's close button. */
  dismissLabel: string;
}

// Errors and warnings interrupt (role=alert); info and success wait for a pause (role=status).
const ROLE: Record<NotificationKind, 'alert' | 'status'> = {
  error: 'alert',
  warning: 'alert',
  info: 'status',
  success: 'status',
};

const ICON: Record<NotificationKind, string> = { error: '!', warning: '!', info: 'i', success: '✓' };

/** The notices, fixed at the top left of the window; always rendered so it exists before a notice. */
export function NotificationRegion({ store, titles, label, dismissLabel }: NotificationRegionProps) {
  const notices = useNotifications(store);
  return (
    <section className="fb-notifications" aria-label={label}>
      {notices.map((notice) => (
        <div key={notice.id} role={ROLE[notice.kind]} className={`fb-notice fb-notice--${notice.kind}`}>
          <span className="fb-notice__icon" aria-hidden="true">
            {ICON[notice.kind]}
          </span>
          <div className="fb-notice__text">
            <p className="fb-notice__title">{titles[notice.kind]}</p>
            <p className="fb-notice__message">{notice.message}</p>
            {notice.description ? <p className="fb-notice__description">{notice.description}</p> : null}
          </div>
          <Button
            variant="ghost"
            className="fb-notice__close"
            aria-label={dismissLabel}
            onPress={() => store.dismiss(notice.id)}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </div>
      ))}
    </section>
  );
}
