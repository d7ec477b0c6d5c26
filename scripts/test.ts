// `npm test`: every check of the project, each phase timed. Phases that barely share a core run
// side by side: the typecheck, the lint and the dependency rules (one core each, mostly) beside the
// builds. The unit and API tests then use both cores, and the journeys serve the builds made here
// (no second build).
// A failed phase stops the run after the phases beside it have ended; the table of durations is
// printed either way, so every CI log shows where the time went.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Phase {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Prints its output as it comes; else held back and printed whole when done (no interleaving). */
  stream?: boolean;
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
  /** The phases it ran beside, if any. */
  beside: string[];
}

const npm = (script: string): string[] => ['npm', 'run', '--silent', script];

/** Runs one phase to its end; its output held back unless it streams. */
function run(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  const [command, ...args] = phase.command as [string, ...string[]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...phase.env },
    stdio: phase.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!phase.stream) {
        process.stdout.write(`\n── ${phase.name} (${seconds.toFixed(1)} s)\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ name: phase.name, seconds, ok: code === 0, beside: [] });
    });
  });
}

const outcomes: Outcome[] = [];
const runStarted = performance.now();

function report() {
  const total = (performance.now() - runStarted) / 1000;
  const rows = outcomes.map(
    (o) => `  ${o.name.padEnd(22)} ${o.seconds.toFixed(1).padStart(7)} s  ${o.ok ? 'ok' : 'FAILED'}`,
  );
  console.log(`\nnpm test phases (wall time; phases on one line ran side by side):\n${rows.join('\n')}`);
  console.log(`  ${'total'.padEnd(22)} ${total.toFixed(1).padStart(7)} s`);
}

/** Runs phases side by side; false when any failed. */
async function together(...phases: Phase[]): Promise<boolean> {
  const results = await Promise.all(phases.map(run));
  for (const result of results)
    result.beside = results.filter((other) => other !== result).map((other) => other.name);
  outcomes.push(...results);
  return results.every((result) => result.ok);
}

// The site's build-output test reads this build instead of building the site once more.
const siteDist = fileURLToPath(new URL('../site/dist', import.meta.url));

const steps: (() => Promise<boolean>)[] = [
  () =>
    together(
      { name: 'check: typecheck', command: npm('typecheck') },
      // The site's `.astro` files, which tsc does not read (astro check).
      { name: 'check: astro', command: npm('typecheck:site') },
      { name: 'check: lint', command: npm('lint') },
      { name: 'check: dependencies', command: npm('check:dependencies') },
      { name: 'build', command: npm('build') },
    ),
  () =>
    together({
      name: 'unit on PGlite',
      command: ['npx', 'vitest', 'run'],
      env: { FLYBOOK_SITE_DIST: siteDist },
      stream: true,
    }),
  () =>
    together({
      name: 'API on PostgreSQL',
      command: ['npx', 'vitest', 'run', '--project', 'api'],
      env: { FLYBOOK_TEST_DB: 'postgres' },
      stream: true,
    }),
  () =>
    together({
      name: 'journeys',
      command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      stream: true,
    }),
];

let ok = true;
for (const step of steps) {
  ok = await step();
  if (!ok) break;
}
report();
process.exit(ok ? 0 : 1);
