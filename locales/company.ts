/**
 * Who Flybook is, in one place (issue 27): the name, address, phone, e-mail, company number and
 * bank every app prints. The site's footer and content pages (placeholders such as
 * `{{company.name}}`, filled as @flybook/content reads them), the PDFs and the e-mails all read it.
 */
export const COMPANY = {
  name: 'Flybook AG',
  street: 'Flughofstrasse 50',
  zip: '8152',
  city: 'Glattbrugg',
  countryCode: 'CH',
  phone: '+41 44 555 01 00',
  /** The line staffed on travel days, from two hours before the first departure. */
  emergencyPhone: '+41 44 555 01 99',
  email: 'info@flybook.example',
  website: 'www.flybook.example',
  /** Swiss company identification number (UID); the VAT number is it followed by "MWST". */
  uid: 'CHE-123.456.789',
  bank: { name: 'Zürcher Kantonalbank', iban: 'CH93 0076 2011 6238 5295 7' },
} as const;

/** A phone number as a `tel:` link wants it: digits and a leading +. */
const dialable = (phone: string) => phone.replace(/[^+\d]/g, '');

/** The placeholders content may use, and what each becomes. */
export const COMPANY_PLACEHOLDERS: Readonly<Record<string, string>> = {
  'company.name': COMPANY.name,
  'company.street': COMPANY.street,
  'company.zip': COMPANY.zip,
  'company.city': COMPANY.city,
  'company.phone': COMPANY.phone,
  'company.phoneLink': `tel:${dialable(COMPANY.phone)}`,
  'company.emergencyPhone': COMPANY.emergencyPhone,
  'company.emergencyPhoneLink': `tel:${dialable(COMPANY.emergencyPhone)}`,
  'company.email': COMPANY.email,
  'company.emailLink': `mailto:${COMPANY.email}`,
  'company.uid': COMPANY.uid,
};

/**
 * Fills `{{company.…}}` placeholders; an unknown one is an error (a typo must not reach a page).
 */
export function fillCompany(text: string): string {
  return text.replace(/\{\{\s*(company\.[A-Za-z]+)\s*\}\}/g, (_match, key: string) => {
    const value = COMPANY_PLACEHOLDERS[key];
    if (value === undefined) throw new Error(`unknown placeholder {{${key}}}`);
    return value;
  });
}
