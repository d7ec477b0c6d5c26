import react from '@astrojs/react';
import { FALLBACK_LOCALE, LOCALES } from '@flybook/locales';
import { defineConfig } from 'astro/config';

// Static pages for every route × locale; islands (React) only where a page needs them.
export default defineConfig({
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321',
  output: 'static',
  // `/about-us` is served from about-us.html: the spec's routes have no trailing slash.
  trailingSlash: 'never',
  build: { format: 'file', assets: '_site' },
  // English unprefixed, the other languages under /de, /fr, /sq (the page files' `[...locale]`).
  i18n: {
    locales: [...LOCALES],
    defaultLocale: FALLBACK_LOCALE,
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react()],
  devToolbar: { enabled: false },
  telemetry: false,
});
