import type { ReactNode } from 'react';
import { PublicLayout } from './layouts.tsx';

/** The card of the pages a visitor meets before logging in: login and choosing a new password. */
export function AuthCard({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <div className="auth-card">
        <h1 id={titleId} className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__intro">{intro}</p>
        {children}
      </div>
    </PublicLayout>
  );
}

/** A status page (403, 404): code, title, text and the way on. */
export function MessagePage({
  code,
  titleId,
  title,
  text,
  level = 1,
  children,
}: {
  code: number;
  titleId: string;
  title: string;
  text: string;
  /** 2 inside a page that has its own title (a record page's Not Found). */
  level?: 1 | 2;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="message-page" aria-labelledby={titleId}>
      <p className="message-page__code" aria-hidden="true">
        {code}
      </p>
      <Heading id={titleId} className="message-page__title">
        {title}
      </Heading>
      <p className="message-page__text">{text}</p>
      {children}
    </section>
  );
}
