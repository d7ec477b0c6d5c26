import './page.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from './page-title.ts';

/**
 * The head of an area page: an optional back link (form pages, spec 03 §2), the title (also the
 * browser tab's) and the page's actions on the right ("Add airline company").
 */
export function PageHeader({
  title,
  titleId,
  back,
  children,
}: {
  title: string;
  /** The heading's id, for a form labelled by the page title. */
  titleId?: string;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <header className="page-header">
      {back ? (
        <Link className="page-header__back" to={back.to}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      ) : null}
      <div className="page-header__row">
        <h1 id={titleId} className="page-header__title">
          {title}
        </h1>
        {children ? <div className="page-header__actions">{children}</div> : null}
      </div>
    </header>
  );
}
