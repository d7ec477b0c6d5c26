import { resources } from '@flybook/locales';
import type { Catalogues } from '../app/i18n.ts';

/** All four languages at once, for tests (the app loads one language's chunk at a time). */
export const ALL_CATALOGUES: Catalogues = Object.fromEntries(
  Object.entries(resources).map(([locale, { translation }]) => [locale, translation]),
);
