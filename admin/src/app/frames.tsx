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
  children,
}: {
  code: number;
  titleId: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="message-page" aria-labelledby={titleId}>
      <p className="message-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id={titleId} className="message-page__title">
        {title}
      </h1>
      <p className="message-page__text">{text}</p>
      {children}
    </section>
  );
}
