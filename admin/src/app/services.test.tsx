import { NetworkError } from '@flybook/client';
import { userCalls } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/memory-storage.ts';
import { createAdminServices } from './services.ts';

describe('network failures', () => {
  it('only warn, once, in the interface language', async () => {
    const storage = new MemoryStorage();
    storage.setItem('flybook.session.v0.1', JSON.stringify({ token: 't' }));
    const services = createAdminServices({
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
      storage: new MemoryStorage(),
      fetch: async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    await expect(services.client.call(userCalls.me)).rejects.toBeInstanceOf(NetworkError);
    expect(services.notifications.getSnapshot()).toHaveLength(0);
  });
});
