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
  // Stylesheets are named for what they are (site.*.css, ui.*.css), not for the first module that
  // happened to share their chunk; one file per stylesheet, so every page caches the same one.
  vite: {
    build: {
      rollupOptions: {
        output: {
          manualChunks(id) {
            if (id.endsWith('/site/src/styles/site.css')) return 'site';
            if (id.endsWith('/packages/ui/src/ui.css')) return 'ui';
            return undefined;
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  telemetry: false,
});
