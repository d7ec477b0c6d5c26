// Runs before every component test file of the site: each test starts with an empty page, no
// storage and no stubs left behind.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

// nanostores lets go of a store (a persistent one: its window listener) 1 s after its last
// subscriber left; that must happen before the file's window is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1100)));

// jsdom lays nothing out, so it has no scrolling; the islands scroll chosen tabs into view.
Element.prototype.scrollIntoView ??= () => undefined;

// The wizard prices a booking 1 s after its last change; waiting for it needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
