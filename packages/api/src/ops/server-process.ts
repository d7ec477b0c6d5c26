// Test support: the API as a real OS process (`node packages/api/src/server.ts`), the way one of
// N instances runs behind a load balancer. Used by the shutdown and two-instance tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `node server.ts` with `env` on top of this process's environment (PORT 0: a free port). */
function spawnServer(env: Record<string, string>, cwd = repositoryRoot): ChildProcess {
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverEntry], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every line the process wrote to stdout so far (JSON log lines and the start banner). */
  lines: string[];
  /** Resolves with the first stdout line that passes `test` (already written or still to come). */
  waitForLine(test: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the server with `env` on top of this process's environment (PORT 0: a free port), and
 * resolves once it listens. Fails with the process's output when it exits or takes over `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 180_000,
  options: { cwd?: string } = {},
): Promise<ServerProcess> {
  const child = spawnServer(env, options.cwd);
  const lines: string[] = [];
  const errors: string[] = [];
  const waiters = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void }>();
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters) {
        if (waiter.test(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLine = (test: (line: string) => boolean, waitMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const earlier = lines.find(test);
      if (earlier !== undefined) return resolve(earlier);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(`no such line within ${waitMs} ms; output:\n${lines.join('\n')}\n${errors.join('')}`),
        );
      }, waitMs);
      const waiter = {
        test,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.has(waiter)) return;
        waiters.delete(waiter);
        clearTimeout(timer);
        reject(new Error(`the server exited; output:\n${lines.join('\n')}\n${errors.join('')}`));
      });
    });

  const banner = await waitForLine((line) => line.includes('Flybook is running on '), timeoutMs);
  const url = /(http:\/\/\S+)/.exec(banner)?.[1] ?? '';
  return { child, url: url.replace('localhost', '127.0.0.1'), lines, waitForLine, exited };
}

/** The JSON log entries of a process's output (the banner and other text lines left out). */
export function logEntries(lines: readonly string[]): Record<string, unknown>[] {
  return lines.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export interface ServerProcessExit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From spawning to exit. */
  milliseconds: number;
}

/**
 * Starts the server with `env` (as `startServerProcess`) for a start that is expected to fail:
 * resolves with its exit code and output once it exits. A process still running after `timeoutMs`
 * is killed and the promise rejects with its output.
 */
export function runServerProcessToExit(
  env: Record<string, string>,
  timeoutMs = 90_000,
  options: { cwd?: string } = {},
): Promise<ServerProcessExit> {
  const started = Date.now();
  const child = spawnServer(env, options.cwd);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms; output:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    // 'close': the exit code and every byte written to stdout and stderr.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, milliseconds: Date.now() - started });
    });
  });
}
