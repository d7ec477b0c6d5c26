import { NetworkError } from '@flybook/client';
import { LOCALES } from '@flybook/locales';
import { userCalls } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGUES } from '../test/catalogues.ts';
import { MemoryStorage } from '../test/memory-storage.ts';
import { createAdminServices, prepareAdminServices } from './services.ts';

describe('network failures', () => {
  it('only warn, once, in the interface language', async () => {
    const storage = new MemoryStorage();
    storage.setItem('flybook.session.v0.1', JSON.stringify({ token: 't' }));
    const services = createAdminServices({
      catalogues: ALL_CATALOGUES,
      storage,
      languages: ['de'],
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(services.client.call(userCalls.me)).rejects.toBeInstanceOf(NetworkError);
    await expect(services.client.call(userCalls.me)).rejects.toBeInstanceOf(NetworkError);
    const notices = services.notifications.getSnapshot();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'warning',
      message: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    });
    // the session survives a network failure
    expect(services.session.getToken()).toBe('t');
    services.notifications.clear();
  });

  it('stay silent for requests the app aborted itself', async () => {
    const services = createAdminServices({
      catalogues: ALL_CATALOGUES,
      storage: new MemoryStorage(),
      fetch: async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    await expect(services.client.call(userCalls.me)).rejects.toBeInstanceOf(NetworkError);
    expect(services.notifications.getSnapshot()).toHaveLength(0);
  });
});

describe('the interface texts', () => {
  it('load the start language only, and the next one when the user switches', async () => {
    const services = await prepareAdminServices({ storage: new MemoryStorage(), languages: ['fr-CH'] });
    expect(services.i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    expect(services.i18n.t('common.networkError')).toBe(
      'Le serveur est injoignable. Veuillez vérifier votre connexion.',
    );
    expect(LOCALES.filter((locale) => services.i18n.hasResourceBundle(locale, 'translation'))).toEqual([
      'fr',
    ]);

    await services.setLocale('sq');
    expect(LOCALES.filter((locale) => services.i18n.hasResourceBundle(locale, 'translation'))).toEqual([
      'fr',
      'sq',
    ]);
    expect(services.i18n.t('common.networkError')).toBe(
      'Serveri nuk mund të arrihet. Ju lutemi kontrolloni lidhjen tuaj.',
    );
  });
});
