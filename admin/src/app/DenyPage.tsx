import { hasAdminSiteAccess } from '@flybook/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from './frames.tsx';
import { LogoutButton } from './layout-parts.tsx';
import { FrameFor } from './layouts.tsx';
import { usePageTitle } from './page-title.ts';
import { DEFAULT_ADMIN_PATH, LOGIN_PATH } from './paths.ts';
import { useCurrentUser } from './use-current-user.ts';

/**
 * Shown when a logged-in user may not open a page. Back-office users keep their menu and get a way
 * back to the reservation list; customers, who may not use the back office at all, get logout and
 * the language switch; a logged-out visitor gets the login link.
 */
export function DenyPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  usePageTitle(t('deny.title'));
  const staff = user !== null && hasAdminSiteAccess(user);
  return (
    // A customer's way out is the logout button in the page itself, not a second one in the bar.
    <FrameFor showLogout={false}>
      <MessagePage code={403} titleId="deny-title" title={t('deny.title')} text={t('deny.text')}>
        <div className="message-page__actions">
          {staff ? (
            <Link className="message-page__link" to={DEFAULT_ADMIN_PATH}>
              {t('deny.toReservations')}
            </Link>
          ) : user ? (
            <LogoutButton />
          ) : (
            <Link className="message-page__link" to={LOGIN_PATH}>
              {t('deny.toLogin')}
            </Link>
          )}
        </div>
      </MessagePage>
    </FrameFor>
  );
}
