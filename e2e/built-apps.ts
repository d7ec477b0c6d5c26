import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Playwright's global setup: the journeys serve the built apps, so they must be there. */
export default function builtApps() {
  for (const app of ['admin', 'site']) {
    const entry = fileURLToPath(new URL(`../${app}/dist/index.html`, import.meta.url));
    if (!existsSync(entry))
      throw new Error(`${app} is not built (${entry} is missing): run \`npm run build\` first`);
  }
}
