import type { Locale } from '@flybook/locales';
import { formatDate } from '@flybook/locales/format';
import { useEffect, useState } from 'react';

export interface NewsItem {
  id: string;
  title: string;
  content: string;
  published_at: string;
  expires_at: string | null;
}

const current = (items: NewsItem[], now: number) =>
  items.filter(
    (item) =>
      Date.parse(item.published_at) <= now && (item.expires_at === null || Date.parse(item.expires_at) > now),
  );

/**
 * The news block shows only news that have not expired (spec 03 §2). The page carries the news of
 * build time, their HTML sanitized then; in the browser those that expired since are dropped at
 * once, and those the content service no longer lists are dropped when it answers. New news appear
 * with the next build, so no HTML reaches the page unsanitized.
 */
export default function NewsBlock({
  items,
  locale,
  title,
}: {
  items: NewsItem[];
  locale: Locale;
  title: string;
}) {
  const [news, setNews] = useState(items);

  useEffect(() => {
    setNews(current(items, Date.now()));
    fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: 'query News($locale: String!, $at: String) { news(locale: $locale, at: $at) { id } }',
        variables: { locale, at: new Date().toISOString() },
      }),
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: { news?: { id: string }[] } } | null) => {
        const listed = body?.data?.news;
        if (!Array.isArray(listed)) return;
        const ids = new Set(listed.map((item) => item.id));
        setNews(current(items, Date.now()).filter((item) => ids.has(item.id)));
      })
      .catch(() => undefined); // the build's news stay when the service cannot be reached
  }, [items, locale]);

  if (news.length === 0) return null;
  return (
    <section className="section" aria-labelledby="news-title">
      <h2 id="news-title">{title}</h2>
      <ul className="cards news">
        {news.map((item) => (
          <li key={item.id} className="card">
            <div className="card-body">
              <p className="card-date">
                <time dateTime={item.published_at}>
                  {formatDate(item.published_at, locale, { style: 'long' })}
                </time>
              </p>
              <h3>{item.title}</h3>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized at build time (cleanHtml) */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: item.content }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
