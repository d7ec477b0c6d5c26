// Runs before every test file of the admin project. Files share one jsdom per worker (the project
// runs without per-file isolation, about three times faster), so nothing a file does may reach
// the next: each test's DOM is unmounted, and each file ends with no storage, spies, stubs or fake
// timers left behind.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.title = '';
});

// A page waits for its (fake) API and lazy chunks; on a busy CI machine that takes longer than the
// library's 1 s default. findBy… and waitFor still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });
