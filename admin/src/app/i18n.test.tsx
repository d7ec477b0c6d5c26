import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGUES } from '../test/catalogues.ts';
import { MemoryStorage } from '../test/memory-storage.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { createI18n, createI18nProvider, detectStartLocale, LOCALE_STORAGE_KEY } from './i18n.ts';

const saved = (locale: string) => {
  const storage = new MemoryStorage();
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  return storage;
};

describe('start language', () => {
  it('takes the saved choice first', () => {
    expect(detectStartLocale(saved('fr'), ['de-CH', 'en'])).toBe('fr');
  });

  it('then the first browser language we offer, regional tags included', () => {
    expect(detectStartLocale(new MemoryStorage(), ['it-CH', 'sq-AL', 'de'])).toBe('sq');
    expect(detectStartLocale(new MemoryStorage(), ['de-CH'])).toBe('de');
  });

  it('ignores a saved value that is not one of our languages', () => {
    expect(detectStartLocale(saved('it'), ['fr-FR'])).toBe('fr');
  });

  it('falls back to English', () => {
    expect(detectStartLocale(new MemoryStorage(), ['it-IT', 'es'])).toBe('en');
    expect(detectStartLocale(null, [])).toBe('en');
  });
});

describe('language switch', () => {
  it('starts in the browser language, then switches, saves the choice and sets <html lang>', async () => {
    const app = renderAdmin({ url: '/admin/login', languages: ['de-CH'] });
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    await app.user.click(screen.getByRole('radio', { name: 'SQ' }));
    expect(await screen.findByRole('heading', { name: 'Identifikohuni' })).toBeTruthy();
    expect(app.storage.getItem(LOCALE_STORAGE_KEY)).toBe('sq');
    await waitFor(() => expect(document.documentElement.lang).toBe('sq'));
    expect(screen.getByRole('radio', { name: 'SQ' }).getAttribute('aria-checked')).toBe('true');
  });

  it('keeps the saved language over the browser language on the next visit', async () => {
    renderAdmin({ url: '/admin/login', languages: ['de-CH'], storage: saved('fr') });
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});

describe("Refine's translate", () => {
  it('translates known keys with values and falls back to the default message', () => {
    const provider = createI18nProvider(createI18n('de', ALL_CATALOGUES), null);
    expect(provider.translate('notifications.error', { statusCode: 500 })).toBe('Fehler (Statuscode: 500)');
    expect(provider.translate('buttons.save', 'Save')).toBe('Save');
    expect(provider.translate('buttons.create', {}, 'Create')).toBe('Create');
    expect(provider.getLocale()).toBe('de');
  });
});
