// The load runs: the API in a child process, autocannon against it from this one.
import { fork } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HotFlightCheck } from '@flybook/api';
import autocannon from 'autocannon';

export interface RunningApi {
  url: string;
  /** What the server reported about itself once listening (PGlite: its manager token and hot flight). */
  info: { devEndpoints: boolean; poolSize: string; managerToken?: string; hotFlightId?: number };
  /** The hot-flight check run inside the API process (for PGlite, which only it can reach). */
  checkHotFlight(flightId: number): Promise<HotFlightCheck>;
  /** The API process's CPU time and event-loop use so far (differences tell what a run cost it). */
  usage(): Promise<ProcessUsage>;
  /** One question to the API process over IPC, answered under `key` (one at a time). */
  ask<Answer>(message: object, key: string): Promise<Answer>;
  stop(): Promise<void>;
}

export interface ProcessUsage {
  /** CPU time of the process, user + system, in ms. */
  cpuMs: number;
  /** performance.eventLoopUtilization() of the process: cumulative idle and active ms. */
  loop: { idle: number; active: number };
}

export interface ApiProcessOptions {
  /** A checkout whose bench/server.ts runs instead of this one's (two versions side by side). */
  checkout?: string;
  /** More Node options for the API process (a preload, `--cpu-prof`). */
  execArgv?: string[];
}

/** Starts bench/server.ts on a free port of 127.0.0.1 against `databaseUrl`. */
export function startApi(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: ApiProcessOptions = {},
): Promise<RunningApi> {
  const server = options.checkout
    ? resolvePath(options.checkout, 'bench/server.ts')
    : fileURLToPath(new URL('server.ts', import.meta.url));
  const child = fork(server, [], {
    ...(options.checkout ? { cwd: options.checkout } : {}),
    execArgv: [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      ...(options.execArgv ?? []),
    ],
    // Production in the whole process, as it runs for real: React's production build for e-mails.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = <Answer>(message: object, key: string) =>
    new Promise<Answer>((resolveAnswer, rejectAnswer) => {
      child.once('message', (answer: unknown) => {
        if (typeof answer === 'object' && answer !== null && key in answer)
          resolveAnswer((answer as Record<string, Answer>)[key]!);
        else
          rejectAnswer(
            new Error(`the API process answered ${JSON.stringify(answer)} to ${JSON.stringify(message)}`),
          );
      });
      child.send(message);
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API process ended before listening (exit ${code})`)));
    child.once('message', (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('port' in message)) {
        reject(new Error(`unexpected message from the API process: ${JSON.stringify(message)}`));
        return;
      }
      resolve({
        url: `http://127.0.0.1:${Number(message.port)}`,
        info: {
          devEndpoints: 'devEndpoints' in message && message.devEndpoints === true,
          poolSize: 'poolSize' in message ? String(message.poolSize) : 'unknown',
          ...('managerToken' in message && typeof message.managerToken === 'string'
            ? { managerToken: message.managerToken }
            : {}),
          ...('hotFlightId' in message && typeof message.hotFlightId === 'number'
            ? { hotFlightId: message.hotFlightId }
            : {}),
        },
        stop,
        checkHotFlight: (flightId) => ask<HotFlightCheck>({ checkHotFlight: flightId }, 'check'),
        usage: () => ask<ProcessUsage>({ usage: true }, 'usage'),
        ask,
      });
    });
  });
}

export interface LoadOptions {
  title: string;
  url: string;
  connections: number;
  /** Seconds of measured load. */
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new body for every request (e.g. bookings spread over many flights), instead of `body`. */
  nextBody?: () => string;
  /** Ends the run early (its numbers are then partial). */
  signal?: AbortSignal;
}

export interface LoadResult {
  title: string;
  connections: number;
  seconds: number;
  responses: number;
  /** All answers per second. */
  requestsPerSecond: number;
  /** 2xx answers per second (for bookings: reservations made per second). */
  okPerSecond: number;
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
  ok: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** What the run cost: the API process's CPU per answer and event-loop use, the machine's busy share. */
  cost?: RunCost;
}

export interface RunCost {
  apiCpuMsPerResponse: number;
  /** Share of the run the API's event loop was busy (1 = saturated: the API process is the limit). */
  apiEventLoopUtilization: number;
  /** Share of all the machine's CPU time that was busy (every process: API, PostgreSQL, load, others). */
  machineBusy: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The value below which a share `q` of the sorted values lie (nearest rank). */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** What one autocannon run saw, answer by answer: several runs of one scenario pool into one result. */
export interface LoadSample {
  seconds: number;
  /** Every answer's time (ms), whatever its status; connection errors have none. */
  times: number[];
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** One autocannon run, answer by answer. */
export function loadSample(options: LoadOptions): Promise<LoadSample> {
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(options.nextBody
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => ({ ...request, body: options.nextBody!() }),
                },
              ],
            }
          : {}),
        timeout: 10,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        resolve({
          seconds: result.duration,
          times,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
    options.signal?.addEventListener('abort', () => instance.stop(), { once: true });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    });
  });
}

/**
 * The result of a scenario's runs taken together: rates over their summed seconds, latencies over
 * all their answers. Latencies are taken per response (autocannon's own histogram has p97.5 but
 * no p95).
 */
export function pooled(
  options: Pick<LoadOptions, 'title' | 'connections'>,
  samples: LoadSample[],
): LoadResult {
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  const times = samples.flatMap((sample) => sample.times).sort((a, b) => a - b);
  const total = (pick: (sample: LoadSample) => number) =>
    samples.reduce((sum, sample) => sum + pick(sample), 0);
  const statusCodes: Record<string, number> = {};
  for (const sample of samples)
    for (const [code, count] of Object.entries(sample.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const ok = total((sample) => sample.ok);
  const perSecond = (count: number) => round(count / Math.max(seconds, Number.EPSILON), 1);
  return {
    title: options.title,
    connections: options.connections,
    seconds,
    responses: times.length,
    requestsPerSecond: perSecond(times.length),
    okPerSecond: perSecond(ok),
    latencyMs: {
      mean: round(times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length)),
      p50: round(percentile(times, 0.5)),
      p95: round(percentile(times, 0.95)),
      p99: round(percentile(times, 0.99)),
      max: round(times.at(-1) ?? 0),
    },
    ok,
    non2xx: total((sample) => sample.non2xx),
    errors: total((sample) => sample.errors),
    timeouts: total((sample) => sample.timeouts),
    statusCodes,
  };
}

/** One autocannon run's result. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  return pooled(options, [await loadSample(options)]);
}
