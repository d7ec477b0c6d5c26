import { join, resolve } from 'node:path';
import { checkInOpensHoursOf, checkInOpensHoursProblem } from '@flybook/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const credentials = {
  DATATRANS_MERCHANT_ID: '1100012345',
  DATATRANS_PASSWORD: 'merchant-password',
  DATATRANS_SIGN_KEY: 'a1b2c3',
};

/** The ConfigError `loadConfig(env)` throws (fails the test when it does not throw one). */
function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('the card provider settings', () => {
  it('refuse a production start without Datatrans settings, naming every missing variable', () => {
    const { message } = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('DATATRANS_MERCHANT_ID');
    expect(message).toContain('DATATRANS_PASSWORD');
    expect(message).toContain('DATATRANS_SIGN_KEY');
    expect(message).toContain('FLYBOOK_PAYMENTS_SIM=1');
  });

  it('refuse partial credentials in any environment, naming the missing ones', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const { message } = refusal({ NODE_ENV, DATATRANS_MERCHANT_ID: '1100012345' });
      expect(message).toContain('DATATRANS_PASSWORD, DATATRANS_SIGN_KEY are not set');
    }
    const { message } = refusal({ DATATRANS_SIGN_KEY: 'a1', DATATRANS_PASSWORD: 'pw' });
    expect(message).toMatch(/DATATRANS_MERCHANT_ID is not set/);
  });

  it('run the stand-in in production only when FLYBOOK_PAYMENTS_SIM=1 asks for it', () => {
    const config = loadConfig({ NODE_ENV: 'production', FLYBOOK_PAYMENTS_SIM: '1', PORT: '8080' });
    expect(config.production).toBe(true);
    expect(config.datatrans).toMatchObject({
      simulated: true,
      live: false,
      apiUrl: 'http://localhost:8080/payments-sim',
    });
    expect(refusal({ NODE_ENV: 'production', FLYBOOK_PAYMENTS_SIM: 'yes' }).message).toContain(
      'FLYBOOK_PAYMENTS_SIM must be 0 or 1',
    );
  });

  it('refuse FLYBOOK_PAYMENTS_SIM=1 together with real credentials', () => {
    expect(refusal({ ...credentials, FLYBOOK_PAYMENTS_SIM: '1' }).message).toContain('set one of them');
  });

  it('default to the live Datatrans URLs in production and to the sandbox elsewhere', () => {
    const live = loadConfig({ NODE_ENV: 'production', ...credentials });
    expect(live.datatrans).toEqual({
      apiUrl: 'https://api.datatrans.com',
      payUrl: 'https://pay.datatrans.com',
      merchantId: '1100012345',
      password: 'merchant-password',
      signKey: 'a1b2c3',
      simulated: false,
      live: true,
    });
    const sandbox = loadConfig({ NODE_ENV: 'development', ...credentials });
    expect(sandbox.datatrans).toMatchObject({
      apiUrl: 'https://api.sandbox.datatrans.com',
      payUrl: 'https://pay.sandbox.datatrans.com',
      simulated: false,
      live: false,
    });
    const chosen = loadConfig({
      NODE_ENV: 'production',
      ...credentials,
      DATATRANS_API_URL: 'https://api.sandbox.datatrans.com/',
    });
    expect(chosen.datatrans.apiUrl).toBe('https://api.sandbox.datatrans.com');
  });

  it('keep the stand-in without NODE_ENV and without credentials (npm start as before)', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.datatrans.simulated).toBe(true);
    expect(config.devEndpoints).toBe(true);
    expect(config.seedDemo).toBe(true);
    // Outside production, FLYBOOK_PAYMENTS_SIM=0 means "no stand-in": then credentials are needed.
    expect(refusal({ FLYBOOK_PAYMENTS_SIM: '0' }).message).toContain('DATATRANS_MERCHANT_ID');
  });
});

describe('FLYBOOK_DEMO', () => {
  const production = { NODE_ENV: 'production', ...credentials };

  it('seeds demo data by default outside production and not in production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig(production).seedDemo).toBe(false);
  });

  it('follows an explicit 0 or 1 in any environment', () => {
    expect(loadConfig({ FLYBOOK_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, FLYBOOK_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('books the demo season with the demo data unless FLYBOOK_DEMO_SEASON=0', () => {
    expect(loadConfig({}).seedDemoSeason).toBe(true);
    expect(loadConfig({ FLYBOOK_DEMO_SEASON: '0' }).seedDemoSeason).toBe(false);
    expect(loadConfig(production).seedDemoSeason).toBe(false);
    expect(loadConfig({ FLYBOOK_DEMO: '0', FLYBOOK_DEMO_SEASON: '1' }).seedDemoSeason).toBe(false);
    expect(loadConfig({ ...production, FLYBOOK_DEMO: '1' }).seedDemoSeason).toBe(true);
    expect(() => loadConfig({ FLYBOOK_DEMO_SEASON: 'yes' })).toThrow(/FLYBOOK_DEMO_SEASON/);
  });

  it('refuses any other value', () => {
    expect(refusal({ FLYBOOK_DEMO: 'true' }).message).toBe('FLYBOOK_DEMO must be 0 or 1 (got "true")');
  });

  it('lists every problem at once', () => {
    const { message } = refusal({ NODE_ENV: 'production', FLYBOOK_DEMO: 'yes' });
    expect(message).toContain('DATATRANS_SIGN_KEY');
    expect(message).toContain('FLYBOOK_DEMO must be 0 or 1');
  });
});

describe('the rest of the production settings', () => {
  it('turns the dev endpoints off in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...credentials }).devEndpoints).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devEndpoints).toBe(true);
  });

  it('resolves relative ADMIN_DIST, SITE_DIST and DATA_DIR against the working directory', () => {
    const config = loadConfig({ ADMIN_DIST: 'admin/dist', SITE_DIST: './site/dist', DATA_DIR: 'data' });
    expect(config.adminDist).toBe(join(process.cwd(), 'admin', 'dist'));
    expect(config.siteDist).toBe(join(process.cwd(), 'site', 'dist'));
    expect(config.dataDir).toBe(join(process.cwd(), 'data'));
    expect(loadConfig({ SITE_DIST: '/srv/site' }).siteDist).toBe(resolve('/srv/site'));
    expect(loadConfig({}).adminDist).toBeNull();
  });

  it('waits 60 s for the database at start unless DB_START_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig({}).dbStartTimeoutSeconds).toBe(60);
    expect(loadConfig({ DB_START_TIMEOUT_SECONDS: '2.5' }).dbStartTimeoutSeconds).toBe(2.5);
    expect(refusal({ DB_START_TIMEOUT_SECONDS: 'soon' }).message).toContain('DB_START_TIMEOUT_SECONDS');
    expect(refusal({ DB_START_TIMEOUT_SECONDS: '-1' }).message).toContain('DB_START_TIMEOUT_SECONDS');
  });

  it('runs the payment reminder hourly unless PAYMENT_REMINDER_INTERVAL_MS says otherwise (at least 1 s)', () => {
    expect(loadConfig({}).paymentReminderIntervalMs).toBe(3_600_000);
    expect(loadConfig({ PAYMENT_REMINDER_INTERVAL_MS: '3000' }).paymentReminderIntervalMs).toBe(3000);
    for (const wrong of ['0', '999', 'hourly'])
      expect(refusal({ PAYMENT_REMINDER_INTERVAL_MS: wrong }).message).toContain(
        'PAYMENT_REMINDER_INTERVAL_MS',
      );
  });
});

describe('the first admin of a production start', () => {
  it('takes FLYBOOK_ADMIN_EMAIL and FLYBOOK_ADMIN_PASSWORD together', () => {
    expect(loadConfig({}).firstAdmin).toBeNull();
    const env = { FLYBOOK_ADMIN_EMAIL: 'ops@airline.example', FLYBOOK_ADMIN_PASSWORD: 'Gl4ttbrugg-Tower-7' };
    expect(loadConfig(env).firstAdmin).toEqual({
      email: 'ops@airline.example',
      password: 'Gl4ttbrugg-Tower-7',
    });
    expect(refusal({ FLYBOOK_ADMIN_EMAIL: 'ops@airline.example' }).message).toContain(
      'FLYBOOK_ADMIN_PASSWORD',
    );
  });

  it('refuses a password the password rule refuses: short, the e-mail, or common', () => {
    const email = 'ops@airline.example';
    expect(refusal({ FLYBOOK_ADMIN_EMAIL: email, FLYBOOK_ADMIN_PASSWORD: 'short' }).message).toMatch(
      /FLYBOOK_ADMIN_PASSWORD is refused: .*8 characters/,
    );
    expect(
      refusal({ FLYBOOK_ADMIN_EMAIL: email, FLYBOOK_ADMIN_PASSWORD: 'OPS@airline.example' }).message,
    ).toContain('e-mail');
    expect(refusal({ FLYBOOK_ADMIN_EMAIL: email, FLYBOOK_ADMIN_PASSWORD: 'password123' }).message).toContain(
      'too common',
    );
  });
});

describe('settings that are wrong are refused, never silently replaced', () => {
  it('refuses a NODE_ENV it does not know, so a typo cannot run development mode in production', () => {
    for (const typo of ['Production', 'prod', 'production ']) {
      expect(refusal({ NODE_ENV: typo, ...credentials }).message).toContain('NODE_ENV must be one of');
    }
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
  });

  it('refuses numbers that are not whole or out of range, naming the variable and the value', () => {
    const cases: [string, string][] = [
      ['PORT', 'abc'],
      ['PORT', '99999'],
      ['SESSION_MAX_HOURS', '0.5'],
      ['SESSION_MAX_HOURS', '-1'],
      ['SESSION_TTL_HOURS', 'abc'],
      ['KEYED_RATE_MAX', '0'],
      ['DB_POOL_SIZE', '0'],
      ['SHUTDOWN_TIMEOUT_MS', 'soon'],
    ];
    for (const [name, value] of cases) {
      expect(refusal({ [name]: value }).message).toContain(`${name} must be a whole number`);
      expect(refusal({ [name]: value }).message).toContain(`"${value}"`);
    }
  });

  it('reads CHECKIN_OPENS_HOURS by the rule the site is built with, refusing what it refuses', () => {
    expect(loadConfig({}).checkInOpensHours).toBe(24);
    expect(loadConfig({ CHECKIN_OPENS_HOURS: ' 48 ' }).checkInOpensHours).toBe(48);
    for (const value of ['1', '337', '24.5', '0x18', '2e1', 'abc']) {
      expect(refusal({ CHECKIN_OPENS_HOURS: value }).message).toContain(checkInOpensHoursProblem(value));
      expect(checkInOpensHoursOf(value), value).toBeNull();
    }
  });

  it('takes 0 where 0 means something, and the defaults when unset or empty', () => {
    expect(loadConfig({ SEARCH_CACHE_MS: '0', PAYMENT_REMINDER_DAYS: '0', PORT: '0' })).toMatchObject({
      searchCacheMs: 0,
      paymentReminderDays: 0,
      port: 0,
    });
    expect(loadConfig({ SESSION_MAX_HOURS: '' }).sessionMaxHours).toBe(72);
  });

  it('refuses a log level pino does not have', () => {
    expect(refusal({ LOG_LEVEL: 'loud' }).message).toContain('LOG_LEVEL must be one of');
    expect(() => loadConfig({ LOG_LEVEL: 'warn' })).not.toThrow();
  });
});
