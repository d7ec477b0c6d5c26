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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 4321);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Flybook <noreply@flybook.test>',
    seedDemo: env.FLYBOOK_DEMO !== '0',
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12),
    recoveryTtlMinutes: int(env.RECOVERY_TTL_MINUTES, 60),
    paymentWindowMinutes: int(env.PAYMENT_WINDOW_MINUTES, 15),
    searchCacheMs: int(env.SEARCH_CACHE_MS, 2000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    devEndpoints: env.NODE_ENV !== 'production',
    rateLimits: {
      login: { max: int(env.LOGIN_RATE_MAX, 10), windowSeconds: int(env.LOGIN_RATE_WINDOW, 300) },
      recovery: { max: int(env.RECOVERY_RATE_MAX, 5), windowSeconds: int(env.RECOVERY_RATE_WINDOW, 900) },
    },
  };
}
