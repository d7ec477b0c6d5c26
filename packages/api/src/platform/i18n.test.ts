import { LOCALES, resources } from '@flybook/locales';
import { describe, expect, it, vi } from 'vitest';
import { i18nextInstance, i18nextTranslator, translator } from './i18n.ts';

/** Every text's key in a catalogue, with the text (a leaf of the JSON). */
function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** The names a text fills in, plain (`{{name}}`) or formatted (`{{name, number}}`, `{{- name}}`). */
const namesIn = (text: string) =>
  [...text.matchAll(/{{-?\s*([A-Za-z0-9_]+)[^}]*}}/g)].map((match) => match[1]!);

describe('the server translator', () => {
  it('gives exactly what i18next gives, for every key of every language, with values, counts and without', () => {
    let compared = 0;
    const english = new Map(leaves(resources.en.translation));
    for (const locale of LOCALES) {
      const quick = translator(locale);
      const reference = i18nextTranslator(locale);
      // Every key of any language, so a key missing here falls back to English as i18next does.
      const keys = new Set(
        LOCALES.flatMap((other) => leaves(resources[other].translation).map(([key]) => key)),
      );
      for (const key of keys) {
        // A plural's forms are asked for by their base key and a count.
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        const text = english.get(key) ?? '';
        const names = namesIn(text);
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 === 0 ? `«${name}»` : 40 + i]));
        const cases: (Record<string, unknown> | undefined)[] = [
          undefined,
          values,
          { ...values, count: 1 },
          { ...values, count: 3 },
          // An option that steers, left unset (the booking e-mails' context of a shown price).
          { ...values, context: undefined, count: undefined },
          names.length > 0 ? { [names[0]!]: undefined } : { unrelated: 'x' },
          names.length > 0 ? { [names[0]!]: { nested: true } } : { context: 'male' },
        ];
        for (const options of cases) {
          for (const asked of new Set([key, base])) {
            expect(quick(asked, options as never), `${locale} ${asked} ${JSON.stringify(options)}`).toBe(
              reference(asked, options as never),
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('answers plain texts and plain values itself, and leaves plurals and missing values to i18next', () => {
    const asked = vi.spyOn(i18nextInstance, 't');
    try {
      const t = translator('sq');
      expect(t('messages.common.greeting', { name: 'Ada Lovelace' })).toContain('Ada Lovelace');
      expect(t('messages.common.recordLocator')).toBe(resources.sq.translation.messages.common.recordLocator);
      expect(t('messages.bookingReceived.subject', { locator: 'KX7M2Q', context: undefined })).toContain(
        'KX7M2Q',
      );
      expect(asked).not.toHaveBeenCalled();
      t('messages.common.greeting', {});
      t('messages.common.recordLocator', { count: 2 });
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
    }
  });
});
