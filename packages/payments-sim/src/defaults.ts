/**
 * Settings of a sim started without configuration (`src/main.ts`), for local development only.
 * The sign key is public here on purpose: it signs webhooks of test payments and nothing else.
 */
export const SIM_DEFAULTS = {
  port: 4390,
  merchantId: 'flybook-sim',
  password: 'sim-password',
  signKey: '6a1f0c3e9b7d45e2a8c4f1d0b3e6a9c25f8e1d4b7a0c3f6e9d2b5a8c1f4e7d0b',
} as const;
