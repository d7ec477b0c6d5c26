import sanitizeHtml from 'sanitize-html';

/** The markup content may use: text structure, links, tables and addresses; nothing that runs or styles. */
export const CONTENT_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'address',
  ],
  allowedAttributes: { a: ['href', 'rel'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open without handing it the opener or the referrer.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const linkAttributes: Record<string, string> = /^https?:/i.test(href)
        ? { href, rel: 'noopener noreferrer' }
        : { href };
      return { tagName, attribs: linkAttributes };
    },
  },
};

/** Content HTML reduced to the allowed markup: scripts, handlers, styles and frames are dropped. */
export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, CONTENT_HTML_OPTIONS).trim();
