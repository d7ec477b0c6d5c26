import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
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

/** An e-mail of the catalogue in a language: subject, HTML part (React Email) and plain-text part. */
export async function renderEmail<K extends TemplateName>(
  template: K,
  language: Locale,
  data: MessageData[K],
): Promise<RenderedEmail> {
  const t = translator(language);
  const content = TEMPLATES[template].email(t, data, language);
  const html = await render(
    emailLayout({
      language,
      preview: content.preview,
      questions: t('messages.common.questions', {
        phone: COMPANY.phone,
        email: COMPANY.email,
      }),
      children: content.children,
    }),
  );
  return { subject: content.subject, html, text: toPlainText(html) };
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
