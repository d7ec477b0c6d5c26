import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MessagePage } from './frames.tsx';
import { usePageTitle } from './page-title.ts';
import { DEFAULT_ADMIN_PATH } from './paths.ts';

/** Any unknown path, and any page not built yet (spec 01 §2: title Not Found, text Page is not found.). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(t('notFound.title'));
  return (
    <MessagePage code={404} titleId="not-found-title" title={t('notFound.title')} text={t('notFound.text')}>
      {pathname === DEFAULT_ADMIN_PATH ? null : (
        <Link className="message-page__link" to={DEFAULT_ADMIN_PATH}>
          {t('notFound.back')}
        </Link>
      )}
    </MessagePage>
  );
}
