/**
 * The issuer printed on every reservation document (ticket, invoice, overview): one place for the
 * airline's name, address, contact and bank details.
 */
export const FLYBOOK_COMPANY = {
  name: 'Flybook Air AG',
  street: 'Thurgauerstrasse 40',
  zip: '8050',
  city: 'Zürich',
  countryCode: 'CH',
  phone: '+41 44 500 20 20',
  email: 'booking@flybook.ch',
  website: 'www.flybook.ch',
  /** Swiss company identification number (UID). */
  uid: 'CHE-123.456.789',
  bank: { name: 'Zürcher Kantonalbank', iban: 'CH93 0076 2011 6238 5295 7' },
} as const;
