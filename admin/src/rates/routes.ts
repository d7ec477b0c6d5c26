import type { AreaRoute } from '../app/routes.tsx';

/** The rate section's pages (rates and options); each loads on first visit, as one area chunk. */
export const RATE_ROUTES: readonly AreaRoute[] = [
  { name: 'rateList', load: () => import('./RateListPage.tsx').then((m) => ({ Component: m.RateListPage })) },
  { name: 'rateNew', load: () => import('./RateFormPage.tsx').then((m) => ({ Component: m.RateNewPage })) },
  { name: 'rateEdit', load: () => import('./RateFormPage.tsx').then((m) => ({ Component: m.RateEditPage })) },
  {
    name: 'optionList',
    load: () => import('./OptionListPage.tsx').then((m) => ({ Component: m.OptionListPage })),
  },
  {
    name: 'optionNew',
    load: () => import('./OptionFormPage.tsx').then((m) => ({ Component: m.OptionNewPage })),
  },
  {
    name: 'optionEdit',
    load: () => import('./OptionFormPage.tsx').then((m) => ({ Component: m.OptionEditPage })),
  },
];
