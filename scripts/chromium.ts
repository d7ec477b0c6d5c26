// Debian's Chromium (no browser download on these machines) and the flags every headless run here
// uses: the Playwright journeys (e2e/playwright.config.ts) and Lighthouse in the bench.
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
