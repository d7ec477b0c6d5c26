import {
  type AccessUser,
  type AdminTab,
  type MainMenuEntry,
  matchAdminRoute,
  permittedTabs,
} from '@flybook/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuLabels, tabLabel } from './labels.ts';

// The tab whose folder is the longest prefix of the page's route: /rate/option/new → Options.
function closestTab(tabs: readonly AdminTab[], routePath: string | undefined): AdminTab | undefined {
  if (!routePath) return undefined;
  let best: AdminTab | undefined;
  let bestLength = -1;
  for (const tab of tabs) {
    const folder = tab.path.split('/').slice(0, -1).join('/');
    if (routePath.startsWith(`${folder}/`) && folder.length > bestLength) {
      best = tab;
      bestLength = folder.length;
    }
  }
  return best;
}

/**
 * The tab bar of a section (spec 03 §2), showing only the tabs the user may open. Area pages render
 * it above their content: `<SectionTabs section="flight" user={user} />`. A tab is current when the
 * page belongs to it (the edit page of a flight keeps "Flights" current).
 */
export function SectionTabs({
  section,
  user,
  currentPath,
}: {
  section: MainMenuEntry['section'];
  user: AccessUser;
  /** The tab to mark current when the page's own path does not say it (e.g. a user's permissions page). */
  currentPath?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = permittedTabs(user, section);
  if (tabs.length === 0) return null;
  const current = matchAdminRoute(pathname)?.route.path;
  const currentTab = currentPath
    ? tabs.find((tab) => tab.path === currentPath)
    : (tabs.find((tab) => tab.path === current) ?? closestTab(tabs, current));
  return (
    <nav className="tabs" aria-label={menuLabels(t)[section]}>
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab.path}>
            <Link
              to={tab.path}
              className={`tabs__item${tab === currentTab ? ' tabs__item--active' : ''}`}
              aria-current={tab === currentTab ? 'page' : undefined}
            >
              {tabLabel(t, tab.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
