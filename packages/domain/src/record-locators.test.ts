import { describe, expect, it } from 'vitest';
import { isRecordLocator, normalizeRecordLocator, RECORD_LOCATOR_ALPHABET } from './record-locators.ts';

describe('record locators', () => {
  it('use 32 symbols: A–Z and 2–9 without I, O, 0 and 1', () => {
    expect(RECORD_LOCATOR_ALPHABET).toHaveLength(32);
    expect(new Set(RECORD_LOCATOR_ALPHABET).size).toBe(32);
    for (const confusable of ['I', 'O', '0', '1']) expect(RECORD_LOCATOR_ALPHABET).not.toContain(confusable);
  });

  it('read what a person types: case, spaces and dashes do not matter', () => {
    expect(normalizeRecordLocator(' ab3 k7q ')).toBe('AB3K7Q');
    expect(normalizeRecordLocator('ab3-k7q')).toBe('AB3K7Q');
  });

  it('refuse what cannot be a locator', () => {
    for (const typed of ['', 'AB3K7', 'AB3K7QX', 'AB3K7O', 'AB1K7Q', "AB3K7'", 'ÄB3K7Q']) {
      expect(normalizeRecordLocator(typed)).toBeNull();
    }
    expect(isRecordLocator('AB3K7Q')).toBe(true);
    expect(isRecordLocator('ab3k7q')).toBe(false);
  });
});
