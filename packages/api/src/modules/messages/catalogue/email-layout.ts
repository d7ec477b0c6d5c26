import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';

// Plain .ts with createElement, not .tsx: the server runs on Node's type stripping, which has no JSX.
// Styles are constants: email-markup.ts renders each component's frame once per style.

const BRAND = '#0b4f8a';
const MUTED = '#555555';

const styles = {
  body: {
    backgroundColor: '#f4f6f8',
    fontFamily: 'Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '32px 40px' },
  brand: { color: BRAND, fontSize: '22px', fontWeight: 700, margin: '0 0 24px' },
  heading: { fontSize: '18px', color: '#111111', margin: '24px 0 8px' },
  text: { fontSize: '15px', lineHeight: '23px', color: '#111111', margin: '0 0 14px' },
  label: { fontSize: '13px', color: MUTED, margin: '0' },
  value: { fontSize: '15px', lineHeight: '22px', color: '#111111', margin: '0 0 10px' },
  locator: { fontSize: '22px', fontWeight: 700, letterSpacing: '2px', color: '#111111', margin: '0 0 12px' },
  button: {
    backgroundColor: BRAND,
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 22px',
    borderRadius: '4px',
    textDecoration: 'none',
  },
  footer: { fontSize: '12px', lineHeight: '18px', color: MUTED, margin: '0' },
  action: { margin: '8px 0 20px' },
  link: { color: BRAND },
  divider: { borderColor: '#dddddd', margin: '24px 0' },
} as const;

/** A paragraph of the message. */
export const paragraph = (text: string) => h(Text, { style: styles.text }, text);

/** A heading inside the message (e.g. "Flights"). */
export const subheading = (text: string) => h(Heading, { as: 'h2', style: styles.heading }, text);

/** A label and its value(s), one line each (booking facts). */
export const fact = (label: string, ...values: string[]) =>
  h(
    Section,
    null,
    h(Text, { style: styles.label }, label),
    ...values.map((value) => h(Text, { style: styles.value }, value)),
  );

/** The record locator, large: what the customer quotes on the phone and on a transfer. */
export const locatorFact = (label: string, locator: string) =>
  h(Section, null, h(Text, { style: styles.label }, label), h(Text, { style: styles.locator }, locator));

/** A call to action; its text and address also appear in the plain-text part. */
export const button = (label: string, href: string) =>
  h(Section, { style: styles.action }, h(Button, { href, style: styles.button }, label));

/** A link written out, for clients that show no buttons and for the plain-text part. */
export const link = (href: string) =>
  h(Text, { style: styles.text }, h(Link, { href, style: styles.link }, href));

export const divider = () => h(Hr, { style: styles.divider });

/**
 * The frame of every e-mail: the airline's name on top, the content, and the airline's identity
 * (name, address, phone, e-mail: COMPANY of @flybook/locales, the same as on the PDFs) below.
 */
export function emailLayout(input: {
  language: Locale;
  preview: string;
  questions: string;
  children: ReactNode[];
}) {
  const company = COMPANY;
  return h(
    Html,
    { lang: input.language },
    h(Head, null),
    h(Preview, null, input.preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, 'Flybook'),
        ...input.children,
        divider(),
        h(Text, { style: styles.footer }, input.questions),
        h(
          Text,
          { style: styles.footer },
          `${company.name} · ${company.street} · ${company.zip} ${company.city} · ${company.phone} · ${company.email} · ${company.website}`,
        ),
      ),
    ),
  );
}
