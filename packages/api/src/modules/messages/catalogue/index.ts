import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';
import { translator } from '../../../platform/i18n.ts';
import { emailLayout } from './email-layout.ts';
import { type MessageData, TEMPLATES, type TemplateName } from './templates.ts';

export type { BookingFacts, FlightFacts, MessageData, TemplateName } from './templates.ts';
export { TEMPLATES } from './templates.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part, made from the HTML (links written out). */
  text: string;
}

/**
 * `toPlainText` of @react-email/render with its default options, compiled once: `toPlainText` calls
 * html-to-text's `convert`, which compiles the options (selector picker, formatters) on every call,
 * a third of an e-mail's rendering. Same options, same text (catalogue.test.ts compares the two).
 */
const toPlainText = compile({ wordwrap: false, selectors: [...plainTextSelectors] });

/** A style attribute as React writes it. */
const STYLE_ATTRIBUTE = / style="[^"]*"/g;

/** The doctype @react-email/render puts before every e-mail (its `render`). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** An e-mail of the catalogue in a language as React elements: its subject and its document. */
export function emailDocument<K extends TemplateName>(template: K, language: Locale, data: MessageData[K]) {
  const t = translator(language);
  const content = TEMPLATES[template].email(t, data, language);
  const document = emailLayout({
    language,
    preview: content.preview,
    questions: t('messages.common.questions', {
      phone: COMPANY.phone,
      email: COMPANY.email,
    }),
    children: content.children,
  });
  return { subject: content.subject, document };
}

/**
 * An e-mail of the catalogue in a language: subject, HTML part (React Email) and plain-text part.
 *
 * The HTML is React's static markup with the doctype before it: what @react-email/render's
 * `render` writes, without the comments of its streaming renderer (`<!--$-->`, `<!--html-->`). No
 * template suspends, so the synchronous renderer is enough, at half the CPU of streaming
 * (catalogue.test.ts compares the two for every template and language).
 */
export async function renderEmail<K extends TemplateName>(
  template: K,
  language: Locale,
  data: MessageData[K],
): Promise<RenderedEmail> {
  const { subject, document } = emailDocument(template, language, data);
  const html = `${DOCTYPE}${renderToStaticMarkup(document)}`;
  // The converter reads no style: without them it parses half the HTML for the same text. React
  // writes every `"` of a value or a text as &quot;, so the pattern meets only whole attributes.
  return { subject, html, text: toPlainText(html.replace(STYLE_ATTRIBUTE, '')) };
}

/** The SMS short form of a message in a language, or null for e-mail-only messages. */
export function renderSms<K extends TemplateName>(
  template: K,
  language: Locale,
  data: MessageData[K],
): string | null {
  const sms = TEMPLATES[template].sms;
  return sms ? sms(translator(language), data, language) : null;
}
