import { resolve } from 'node:path';
import {
  CHECKIN_OPENS_HOURS_DEFAULT,
  checkInOpensHoursOf,
  checkInOpensHoursProblem,
  passwordProblem,
} from '@flybook/domain';
import { isCommonPassword } from '@flybook/domain/common-passwords';

/** Everything the server reads from the environment, parsed once. */
export interface Config {
  /** `NODE_ENV=production`: no dev endpoints, no demo data unless asked, real card provider. */
  production: boolean;
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** How long a start waits for an unreachable PostgreSQL server before giving up. */
  dbStartTimeoutSeconds: number;
  /** Built back office and public site to serve (ADMIN_DIST / SITE_DIST), absolute. */
  adminDist: string | null;
  siteDist: string | null;
  /** Public base URL of the site, used in e-mail links. */
  publicUrl: string;
  smtpUrl: string | null;
  /** Sender address of e-mails. */
  mailFrom: string;
  /**
   * The SMS gateway (Twilio's Messages API, or one speaking it at `apiUrl`); null keeps SMS in the
   * outbox, unsent (docs/operations.md, "Messages").
   */
  sms: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
  /** Seed demo users and demo data into an empty database (FLYBOOK_DEMO). */
  seedDemo: boolean;
  /**
   * Book the demo season (reservations, payments, a PNL; seed/demo-reservations.ts) into the empty
   * database the demo data is seeded into (FLYBOOK_DEMO_SEASON; on with the demo data).
   */
  seedDemoSeason: boolean;
  /** FLYBOOK_ADMIN_EMAIL / FLYBOOK_ADMIN_PASSWORD: the admin created on an empty database. */
  firstAdmin: { email: string; password: string } | null;
  /** A session ends after this many hours without a call (sliding). */
  sessionTtlHours: number;
  /** A session ends this many hours after its login, however active (absolute; SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  recoveryTtlMinutes: number;
  /** How long an unpaid card booking holds its seats (spec 02 §9). */
  paymentWindowMinutes: number;
  /** Online check-in opens this many hours before departure (CHECKIN_OPENS_HOURS; docs/check-in.md). */
  checkInOpensHours: number;
  /** How many days before an invoice's payment deadline its reminder goes out. */
  paymentReminderDays: number;
  /** How often the payment reminder job runs (PAYMENT_REMINDER_INTERVAL_MS; at least a second). */
  paymentReminderIntervalMs: number;
  /** How long a public flight search answer may be reused; 0 turns the cache off. */
  searchCacheMs: number;
  /**
   * The card provider (Datatrans JSON API). When `simulated`, the server mounts the local stand-in
   * (packages/payments-sim) under /payments-sim and talks to it over HTTP (docs/operations.md).
   */
  datatrans: {
    apiUrl: string;
    payUrl: string;
    merchantId: string;
    password: string;
    signKey: string;
    simulated: boolean;
    /** Real credentials in production: the live Datatrans URLs are the default. */
    live: boolean;
  };
  trustProxy: boolean;
  /** Dev-only endpoints (outbox reader) are mounted when true. */
  devEndpoints: boolean;
  rateLimits: {
    login: { max: number; windowSeconds: number };
    recovery: { max: number; windowSeconds: number };
    /** Public calls keyed by an id or a secret (`keyed` in schemas), per client IP. */
    keyed: { max: number; windowSeconds: number };
    /**
     * Manage my booking's look-ups by record locator and last name, per client IP
     * (docs/booking-manage.md); absent: MANAGE_FIND_DEFAULT_LIMIT.
     */
    manageFind?: { max: number; windowSeconds: number };
  };
}

/** A setting that makes the server refuse to start; the message names the variables to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The NODE_ENV values we know; a typo must not silently run development mode in production. */
const NODE_ENVS = ['production', 'development', 'test'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * A whole number from the environment: the fallback when unset or empty, else it must be an
 * integer in [min, max]; anything else is a problem (never silently the fallback).
 */
function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  problems: string[],
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  problems.push(`${name} must be a whole number ${range} (got "${value}")`);
  return fallback;
}

/** The stand-in's credentials (packages/payments-sim defaults); only ever used against the stand-in. */
const SIM_CREDENTIALS = {
  merchantId: 'flybook-sim',
  password: 'sim-password',
  signKey: '6a1f0c3e9b7d45e2a8c4f1d0b3e6a9c25f8e1d4b7a0c3f6e9d2b5a8c1f4e7d0b',
};

const SMS_VARIABLES = ['SMS_TWILIO_ACCOUNT_SID', 'SMS_TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const;

/** The SMS gateway: all three settings or none; a partial set is a mistake, never a silent "no SMS". */
function smsOf(env: NodeJS.ProcessEnv, problems: string[]): Config['sms'] {
  const present = SMS_VARIABLES.filter((name) => Boolean(env[name]));
  if (present.length === 0) return null;
  const missing = SMS_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0) {
    problems.push(
      `the SMS gateway's settings are incomplete: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set (${present.join(', ')} ${present.length > 1 ? 'are' : 'is'})`,
    );
    return null;
  }
  return {
    accountSid: env.SMS_TWILIO_ACCOUNT_SID ?? '',
    authToken: env.SMS_TWILIO_AUTH_TOKEN ?? '',
    from: env.SMS_FROM ?? '',
    apiUrl: (env.SMS_TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
  };
}

const DATATRANS_VARIABLES = ['DATATRANS_MERCHANT_ID', 'DATATRANS_PASSWORD', 'DATATRANS_SIGN_KEY'] as const;
const DATATRANS_URLS = {
  live: { api: 'https://api.datatrans.com', pay: 'https://pay.datatrans.com' },
  sandbox: { api: 'https://api.sandbox.datatrans.com', pay: 'https://pay.sandbox.datatrans.com' },
};

/** A `0`/`1` switch: `undefined` when unset or empty, a problem noted for any other value. */
function flag(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (value === '1') return true;
  if (value === '0') return false;
  problems.push(`${name} must be 0 or 1 (got "${value}")`);
  return undefined;
}

/**
 * The first admin of an empty database (a production start): both variables or neither, and the
 * password passes the same rule as every other password (docs/security.md).
 */
function firstAdminOf(env: NodeJS.ProcessEnv, problems: string[]): Config['firstAdmin'] {
  const email = env.FLYBOOK_ADMIN_EMAIL?.trim() ?? '';
  const password = env.FLYBOOK_ADMIN_PASSWORD ?? '';
  if (email === '' && password === '') return null;
  if (email === '' || password === '') {
    problems.push('FLYBOOK_ADMIN_EMAIL and FLYBOOK_ADMIN_PASSWORD go together; set both or neither');
    return null;
  }
  const problem = passwordProblem(password, { email, isCommon: isCommonPassword });
  if (problem) {
    problems.push(`FLYBOOK_ADMIN_PASSWORD is refused: ${problem.message}`);
    return null;
  }
  return { email, password };
}

/**
 * Reads the configuration from the environment. Throws a `ConfigError` listing every problem at
 * once when the settings are unsafe or contradictory (docs/operations.md, "What production needs").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min?: number, max?: number) =>
    wholeNumber(env, name, fallback, problems, min, max);
  if (env.NODE_ENV && !NODE_ENVS.includes(env.NODE_ENV))
    problems.push(`NODE_ENV must be one of ${NODE_ENVS.join(', ')} or unset (got "${env.NODE_ENV}")`);
  if (env.LOG_LEVEL && !LOG_LEVELS.includes(env.LOG_LEVEL))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  // Read where they are used (db/client.ts, server.ts); checked here so a bad value stops the start.
  int('DB_POOL_SIZE', 10);
  int('DB_CONNECT_TIMEOUT_MS', 10_000);
  int('DB_QUERY_TIMEOUT_MS', 30_000, 100);
  int('SHUTDOWN_TIMEOUT_MS', 25_000);
  const production = env.NODE_ENV === 'production';
  // At most two weeks: a pass issued earlier would outlive most schedule changes. Read by the same
  // rule as the site's build, whose check-in page states it (docs/check-in.md).
  const opensHours = checkInOpensHoursOf(env.CHECKIN_OPENS_HOURS);
  if (opensHours === null) problems.push(checkInOpensHoursProblem(env.CHECKIN_OPENS_HOURS));
  const port = int('PORT', 4321, 0, 65_535);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');

  // The card provider: all three credentials, or the stand-in; never a mix, never by accident in
  // production.
  const present = DATATRANS_VARIABLES.filter((name) => Boolean(env[name]));
  const missing = DATATRANS_VARIABLES.filter((name) => !env[name]);
  const simWanted = flag(env, 'FLYBOOK_PAYMENTS_SIM', problems);
  let simulated = false;
  if (present.length > 0 && missing.length > 0) {
    problems.push(
      `the card provider's settings are incomplete: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set (${present.join(', ')} ${present.length > 1 ? 'are' : 'is'})`,
    );
  } else if (present.length > 0 && simWanted) {
    problems.push('FLYBOOK_PAYMENTS_SIM=1 and the DATATRANS_* credentials are both set; set one of them');
  } else if (present.length === 0) {
    if (simWanted || (simWanted === undefined && !production)) simulated = true;
    else
      problems.push(
        `${production ? 'production' : 'FLYBOOK_PAYMENTS_SIM=0'} needs the card provider's settings: ${missing.join(', ')} are not set (FLYBOOK_PAYMENTS_SIM=1 runs the local stand-in instead)`,
      );
  }
  const urls = production ? DATATRANS_URLS.live : DATATRANS_URLS.sandbox;
  const simUrl = `${publicUrl}/payments-sim`;

  const demo = flag(env, 'FLYBOOK_DEMO', problems);
  const demoSeason = flag(env, 'FLYBOOK_DEMO_SEASON', problems);
  const dbStartTimeout = env.DB_START_TIMEOUT_SECONDS;
  const dbStartTimeoutSeconds =
    dbStartTimeout === undefined || dbStartTimeout === '' ? 60 : Number(dbStartTimeout);
  if (!Number.isFinite(dbStartTimeoutSeconds) || dbStartTimeoutSeconds < 0)
    problems.push(`DB_START_TIMEOUT_SECONDS must be a number of seconds (got "${dbStartTimeout}")`);

  const firstAdmin = firstAdminOf(env, problems);
  const sms = smsOf(env, problems);

  const config: Config = {
    production,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    dbStartTimeoutSeconds,
    // Relative to the working directory, like DATA_DIR.
    adminDist: env.ADMIN_DIST ? resolve(env.ADMIN_DIST) : null,
    siteDist: env.SITE_DIST ? resolve(env.SITE_DIST) : null,
    publicUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Flybook <noreply@flybook.test>',
    sms,
    seedDemo: demo ?? !production,
    seedDemoSeason: (demo ?? !production) && (demoSeason ?? true),
    firstAdmin,
    sessionTtlHours: int('SESSION_TTL_HOURS', 12),
    sessionMaxHours: int('SESSION_MAX_HOURS', 72),
    recoveryTtlMinutes: int('RECOVERY_TTL_MINUTES', 60),
    paymentWindowMinutes: int('PAYMENT_WINDOW_MINUTES', 15),
    checkInOpensHours: opensHours ?? CHECKIN_OPENS_HOURS_DEFAULT,
    paymentReminderDays: int('PAYMENT_REMINDER_DAYS', 3, 0),
    paymentReminderIntervalMs: int('PAYMENT_REMINDER_INTERVAL_MS', 3_600_000, 1_000),
    searchCacheMs: int('SEARCH_CACHE_MS', 2000, 0),
    datatrans: simulated
      ? { apiUrl: simUrl, payUrl: simUrl, ...SIM_CREDENTIALS, simulated: true, live: false }
      : {
          apiUrl: (env.DATATRANS_API_URL || urls.api).replace(/\/$/, ''),
          payUrl: (env.DATATRANS_PAY_URL || urls.pay).replace(/\/$/, ''),
          merchantId: env.DATATRANS_MERCHANT_ID ?? '',
          password: env.DATATRANS_PASSWORD ?? '',
          signKey: env.DATATRANS_SIGN_KEY ?? '',
          simulated: false,
          live: production,
        },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    devEndpoints: !production,
    rateLimits: {
      login: { max: int('LOGIN_RATE_MAX', 5), windowSeconds: int('LOGIN_RATE_WINDOW', 300) },
      recovery: { max: int('RECOVERY_RATE_MAX', 5), windowSeconds: int('RECOVERY_RATE_WINDOW', 900) },
      keyed: { max: int('KEYED_RATE_MAX', 120), windowSeconds: int('KEYED_RATE_WINDOW', 60) },
      manageFind: {
        max: int('MANAGE_FIND_RATE_MAX', 10),
        windowSeconds: int('MANAGE_FIND_RATE_WINDOW', 900),
      },
    },
  };
  if (problems.length > 0) throw new ConfigError(problems.join('; '));
  return config;
}
