import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from './page-title.ts';
import { DEFAULT_ADMIN_PATH } from './paths.ts';

/** Any unknown path, and any page not built yet (spec 01 §2: title Not Found, text Page is not found.). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="message-page" aria-labelledby="not-found-title">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="message-page__title">
        {t('notFound.title')}
      </h1>
      <p className="message-page__text">{t('notFound.text')}</p>
      {pathname === DEFAULT_ADMIN_PATH ? null : (
        <Link className="message-page__link" to={DEFAULT_ADMIN_PATH}>
          {t('notFound.back')}
        </Link>
      )}
    </section>
  );
}
