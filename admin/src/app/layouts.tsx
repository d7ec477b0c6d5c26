import { hasAdminSiteAccess } from '@flybook/domain';
import type { Me } from '@flybook/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand, ChargeAccountAction, LocaleSwitch, LogoutButton, UserBalance } from './layout-parts.tsx';
import { MainMenu } from './MainMenu.tsx';
import { DEFAULT_ADMIN_PATH } from './paths.ts';
import { useCurrentUser } from './use-current-user.ts';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('layout.skipToContent')}
    </a>
  );
}

/**
 * The frame for people outside the back office: login, the deny page for customers, Not Found for
 * logged-out visitors. Product name, language switch and, when logged in, logout.
 */
export function PublicLayout({ children, showLogout = true }: { children: ReactNode; showLogout?: boolean }) {
  const { user } = useCurrentUser();
  return (
    <div className="shell shell--public">
      <SkipLink />
      <header className="topbar">
        <Brand />
        <div className="topbar__end">
          <LocaleSwitch />
          {user && showLogout ? <LogoutButton /> : null}
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The back-office frame (spec 01 §2): user name, balance, language, logout, main menu. */
export function AdminLayout({ user, children }: { user: Me; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <Brand to={DEFAULT_ADMIN_PATH} />
        <div className="topbar__end">
          <div className="topbar__user">
            <span className="topbar__label">{t('layout.signedInAs')}</span>
            <span className="topbar__name">{user.displayName}</span>
          </div>
          <UserBalance user={user} />
          <ChargeAccountAction user={user} />
          <LocaleSwitch />
          <LogoutButton />
        </div>
      </header>
      <MainMenu user={user} />
      <main id="main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The admin frame as a layout route; the guard above it has made sure there is a back-office user. */
export function AdminLayoutRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <AdminLayout user={user}>
      <Outlet />
    </AdminLayout>
  );
}

/** The back-office frame for back-office users, the public one for everybody else. */
export function FrameFor({ children, showLogout }: { children: ReactNode; showLogout?: boolean }) {
  const { user } = useCurrentUser();
  return user && hasAdminSiteAccess(user) ? (
    <AdminLayout user={user}>{children}</AdminLayout>
  ) : (
    <PublicLayout showLogout={showLogout}>{children}</PublicLayout>
  );
}
