import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { translator } from '../../../platform/i18n.ts';
import { emailLayout } from './email-layout.ts';
import { emailMarkup } from './email-markup.ts';
import { plainText } from './plain-text.ts';
import { type MessageData, TEMPLATES, type TemplateName } from './templates.ts';

export type { BookingFacts, FlightFacts, MessageData, TemplateName } from './templates.ts';
export { TEMPLATES } from './templates.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part (links written out), the text of the HTML part. */
  text: string;
}

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
 * An e-mail of the catalogue in a language: subject, HTML part (React Email) and plain-text part
 * (written from the same elements, plain-text.ts).
 *
 * The HTML is React's static markup with the doctype before it: what @react-email/render's
 * `render` writes, without the comments of its streaming renderer (`<!--$-->`, `<!--html-->`),
 * written from frames React rendered once (email-markup.ts). No template suspends, so static
 * markup is enough (catalogue.test.ts compares the two for every template and language).
 */
export async function renderEmail<K extends TemplateName>(
  template: K,
  language: Locale,
  data: MessageData[K],
): Promise<RenderedEmail> {
  const { subject, document } = emailDocument(template, language, data);
  return { subject, html: `${DOCTYPE}${emailMarkup(document)}`, text: plainText(document) };
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
