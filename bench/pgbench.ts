// The ceiling of the hot-flight bookings: pgbench updating one inventory row as fast as PostgreSQL
// can, with the guarded statement a staff booking takes its seat with (takeSaleSeats), from as many
// clients as the booking run has connections. pgbench comes with PostgreSQL's client package
// (Debian: postgresql-client / postgresql-contrib); the bench installs nothing and reports the
// scenario as skipped when it is missing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgbenchResult {
  title: string;
  clients: number;
  seconds: number;
  /** Transactions (one guarded UPDATE each) per second, without connection set-up. */
  tps: number;
  latencyMs: { mean: number };
  transactions: number;
  failed: number;
  script: string;
}

export type PgbenchOutcome = PgbenchResult | { title: string; skipped: string };

/** The guarded seat update of a staff booking (reservations.repository takeSaleSeats), one seat. */
export const hotRowScript = (flightId: number) =>
  `UPDATE flight_seats SET booked = booked + 1
 WHERE flight_id = ${flightId} AND tariff_group_id = 1 AND booked + allotted + 1 <= total_seats;
`;

const pgbenchBinary = process.env.BENCH_PGBENCH ?? 'pgbench';

/** Reads pgbench's summary ("tps = 2345.6 (without initial connection time)", "latency average = 21.3 ms"). */
export function parsePgbench(output: string) {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyMs: number(/latency average = ([\d.]+) ms/),
    transactions: number(/number of transactions actually processed: (\d+)/),
    failed: Number.isNaN(number(/number of failed transactions: (\d+)/))
      ? 0
      : number(/number of failed transactions: (\d+)/),
  };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(pgbenchBinary, args, { env, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(`${stdout}\n${stderr}`);
    });
  });
}

/** Runs the hot-row script on `flightId`'s economy row of the database at `url`. */
export async function pgbenchHotRow(options: {
  url: string;
  flightId: number;
  clients: number;
  duration: number;
}): Promise<PgbenchOutcome> {
  const title = 'pgbench: one hot inventory row';
  try {
    await run(['--version'], process.env);
  } catch {
    return {
      title,
      skipped: `${pgbenchBinary} not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'flybook-pgbench-'));
  const script = hotRowScript(options.flightId);
  try {
    writeFileSync(join(dir, 'hot-row.sql'), script);
    const url = new URL(options.url);
    const output = await run(
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${options.clients}`,
        `--jobs=${Math.min(options.clients, 2)}`,
        `--time=${options.duration}`,
        `--file=${join(dir, 'hot-row.sql')}`,
        `--host=${url.hostname}`,
        `--port=${url.port || '5432'}`,
        `--username=${decodeURIComponent(url.username || 'postgres')}`,
        url.pathname.slice(1),
      ],
      { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
    );
    const parsed = parsePgbench(output);
    if (Number.isNaN(parsed.tps)) throw new Error(`unexpected pgbench output:\n${output}`);
    return {
      title,
      clients: options.clients,
      seconds: options.duration,
      tps: Math.round(parsed.tps * 10) / 10,
      latencyMs: { mean: parsed.latencyMs },
      transactions: parsed.transactions,
      failed: parsed.failed,
      script: script.trim(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
