import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { render, toPlainText } from '@react-email/render';
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
