import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { FALLBACK_LOCALE, LOCALES } from '@flybook/locales';
import { defineConfig } from 'astro/config';
import { BUILD_SETTINGS_FILE, buildSettings } from './src/lib/build-settings.ts';

const settings = buildSettings();

// Static pages for every route × locale; islands (React) only where a page needs them.
export default defineConfig({
  site: settings.publicUrl,
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
  integrations: [
    react(),
    {
      // What site/dist was built with, for `npm start` to build again when its settings differ
      // (builds into other folders, as the build-output test's, leave the stamp alone).
      name: 'flybook-build-settings',
      hooks: {
        'astro:build:done': ({ dir }) => {
          if (fileURLToPath(dir) !== fileURLToPath(new URL('./dist/', import.meta.url))) return;
          writeFileSync(new URL(BUILD_SETTINGS_FILE, import.meta.url), `${JSON.stringify(settings)}\n`);
        },
      },
    },
  ],
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
