// How long the password-recovery call takes for a known and for an unknown address (docs/security.md).
// Run: node packages/api/src/ops/recovery-timing.ts [rounds]   (PGlite in memory; DATABASE_URL for
// PostgreSQL, a database it may write to). Known and unknown alternate, so drift hits both alike.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from '../seed/seed.ts';

const rounds = Number(process.argv[2] ?? 300);
const generous = { max: 1_000_000, windowSeconds: 60 };
const config = {
  // Production settings with the card stand-in (asked for explicitly, as production requires).
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    FLYBOOK_PAYMENTS_SIM: '1',
    DATATRANS_MERCHANT_ID: '',
    DATATRANS_PASSWORD: '',
    DATATRANS_SIGN_KEY: '',
  }),
  rateLimits: { login: generous, recovery: generous, keyed: generous },
};
const database = await openDatabase({ url: config.databaseUrl, dataDir: 'memory://' });
await database.migrate();
await seedIfEmpty(database.db, { demo: true });
const app = await buildApp({ database, config });

const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
const call = async (kind: 'known' | 'unknown', record: boolean) => {
  const email = kind === 'known' ? 'customer@flybook.test' : 'nobody.at.all@example.com';
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/recover-password/en',
    payload: { email },
  });
  const took = performance.now() - started;
  if (response.statusCode !== (kind === 'known' ? 204 : 422))
    throw new Error(`${kind}: ${response.statusCode} ${response.body}`);
  if (record) times[kind].push(took);
};
for (let i = 0; i < 30; i++) await call(i % 2 ? 'known' : 'unknown', false);
for (let i = 0; i < rounds; i++) {
  await call('known', true);
  await call('unknown', true);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const summary = (values: number[]) => ({
  p50: +quantile(values, 0.5).toFixed(2),
  p95: +quantile(values, 0.95).toFixed(2),
  mean: +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2),
});
console.log(
  JSON.stringify(
    { database: database.kind, rounds, known: summary(times.known), unknown: summary(times.unknown) },
    null,
    2,
  ),
);
await app.close();
await database.close();
