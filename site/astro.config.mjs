import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static pages for every route × locale; islands (React) only where a page needs them.
export default defineConfig({
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321',
  output: 'static',
  // `/about-us` is served from about-us.html: the spec's routes have no trailing slash.
  trailingSlash: 'never',
  build: { format: 'file', assets: '_site' },
  integrations: [react()],
  devToolbar: { enabled: false },
  telemetry: false,
});
