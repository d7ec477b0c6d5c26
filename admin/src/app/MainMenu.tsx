import {
  type AccessUser,
  MAIN_MENU,
  matchAdminRoute,
  menuEntryTarget,
  sectionOfBareRoute,
} from '@flybook/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuLabels } from './labels.ts';

/**
 * The back-office main menu in the spec's order. An entry is a link (to the first tab of its section
 * the user may open) only when the user's roles allow one; otherwise it stays visible as plain text,
 * marked aria-disabled, so users see what exists without being sent to a deny page.
 */
export function MainMenu({ user }: { user: AccessUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const labels = menuLabels(t);
  const currentSection = matchAdminRoute(pathname)?.route.section ?? sectionOfBareRoute(pathname);
  return (
    <nav className="menu" aria-label={t('layout.mainMenu')}>
      <ul className="menu__list">
        {MAIN_MENU.map((entry) => {
          const target = menuEntryTarget(user, entry.section);
          const active = currentSection === entry.section;
          return (
            <li key={entry.section} className="menu__entry">
              {target ? (
                <Link
                  to={target}
                  className={`menu__item${active ? ' menu__item--active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                >
                  {labels[entry.section]}
                </Link>
              ) : (
                <span
                  className="menu__item menu__item--disabled"
                  aria-disabled="true"
                  title={t('menu.unavailable')}
                >
                  {labels[entry.section]}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
