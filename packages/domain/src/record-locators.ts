/**
 * The record locator: the customer-facing booking reference on the site, in e-mails and SMS, on
 * every document and in the PNL/ADL `.L/` element (the internal number stays on staff screens).
 * Six characters of A–Z and 2–9 without I and O, which read like 1 and 0; 32 symbols, about
 * 30 bits. The database mints them (migration 0009, `flybook_new_record_locator()`), unique and
 * never reused.
 */
export const RECORD_LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECORD_LOCATOR_LENGTH = 6;

const SHAPE = new RegExp(`^[${RECORD_LOCATOR_ALPHABET}]{${RECORD_LOCATOR_LENGTH}}$`);

/**
 * A locator as typed by a person, in the stored form: trimmed, upper case, inner spaces and
 * dashes dropped ("ab3 k7q" → "AB3K7Q"); null when it cannot be one.
 */
export function normalizeRecordLocator(typed: string): string | null {
  const locator = typed.trim().toUpperCase().replace(/[\s-]/g, '');
  return SHAPE.test(locator) ? locator : null;
}

/** Whether a text is a record locator in its stored form. */
export const isRecordLocator = (text: string): boolean => SHAPE.test(text);
