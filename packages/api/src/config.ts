import { resolve } from 'node:path';

/** Everything the server reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** Public base URL of the site, used in e-mail links. */
  publicUrl: string;
  smtpUrl: string | null;
  /** Sender address of e-mails. */
  mailFrom: string;
  seedDemo: boolean;
  sessionTtlHours: number;
  recoveryTtlMinutes: number;
  /** How long an unpaid card booking holds its seats (spec 02 §9). */
  paymentWindowMinutes: number;
  /** How long a public flight search answer may be reused; 0 turns the cache off. */
  searchCacheMs: number;
  /**
   * The card provider (Datatrans JSON API). Without a merchant id the server mounts the local
   * stand-in (packages/payments-sim) under /payments-sim and talks to it over HTTP.
   */
  datatrans: {
    apiUrl: string;
    payUrl: string;
    merchantId: string;
    password: string;
    signKey: string;
    simulated: boolean;
  };
  trustProxy: boolean;
  /** Dev-only endpoints (outbox reader) are mounted when true. */
  devEndpoints: boolean;
  rateLimits: {
    login: { max: number; windowSeconds: number };
    recovery: { max: number; windowSeconds: number };
  };
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
};

/** The stand-in's credentials (packages/payments-sim defaults); only ever used against the stand-in. */
const SIM_CREDENTIALS = {
  merchantId: 'flybook-sim',
  password: 'sim-password',
  signKey: '6a1f0c3e9b7d45e2a8c4f1d0b3e6a9c25f8e1d4b7a0c3f6e9d2b5a8c1f4e7d0b',
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 4321);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const simulated = !env.DATATRANS_MERCHANT_ID;
  const simUrl = `${publicUrl}/payments-sim`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    publicUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Flybook <noreply@flybook.test>',
    seedDemo: env.FLYBOOK_DEMO !== '0',
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12),
    recoveryTtlMinutes: int(env.RECOVERY_TTL_MINUTES, 60),
    paymentWindowMinutes: int(env.PAYMENT_WINDOW_MINUTES, 15),
    searchCacheMs: int(env.SEARCH_CACHE_MS, 2000),
    datatrans: simulated
      ? { apiUrl: simUrl, payUrl: simUrl, ...SIM_CREDENTIALS, simulated: true }
      : {
          apiUrl: (env.DATATRANS_API_URL ?? 'https://api.sandbox.datatrans.com').replace(/\/$/, ''),
          payUrl: (env.DATATRANS_PAY_URL ?? 'https://pay.sandbox.datatrans.com').replace(/\/$/, ''),
          merchantId: env.DATATRANS_MERCHANT_ID ?? '',
          password: env.DATATRANS_PASSWORD ?? '',
          signKey: env.DATATRANS_SIGN_KEY ?? '',
          simulated: false,
        },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    devEndpoints: env.NODE_ENV !== 'production',
    rateLimits: {
      login: { max: int(env.LOGIN_RATE_MAX, 10), windowSeconds: int(env.LOGIN_RATE_WINDOW, 300) },
      recovery: { max: int(env.RECOVERY_RATE_MAX, 5), windowSeconds: int(env.RECOVERY_RATE_WINDOW, 900) },
    },
  };
}
