import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

/**
 * The packages a server's start loads: the server entry imported in a fresh Node process, every
 * module it loads recorded by a load hook, by package (or `own` for the workspace's files).
 */
function packagesLoadedAtStart(): Map<string, number> {
  const script = `
    const { registerHooks } = await import('node:module');
    const loaded = {};
    registerHooks({
      load(url, context, next) {
        const name = /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node' : 'own');
        loaded[name] = (loaded[name] ?? 0) + 1;
        return next(url, context);
      },
    });
    await import(${JSON.stringify(serverEntry)});
    console.log(JSON.stringify(loaded));
  `;
  const run = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return new Map(Object.entries(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, number>));
}

// A server's start is mostly loading modules (docs/operations.md, "What a start costs"): 2,350 of
// them took 3.9 s of CPU. What only some requests need is loaded at the first of them.
describe('a server start', () => {
  it('loads neither GraphQL, the spreadsheet writer, syntax highlighting nor all of date-fns', {
    timeout: 60_000,
  }, () => {
    const loaded = packagesLoadedAtStart();
    // The content service (GraphQL): at the first /graphql or content image request.
    expect(loaded.get('graphql')).toBeUndefined();
    expect(loaded.get('graphql-yoga')).toBeUndefined();
    // The passenger report's workbook: at the first report.
    expect(loaded.get('@cj-tech-master/excelts')).toBeUndefined();
    // E-mail components one by one, not react-email's index with its code block (Prism) and Tailwind.
    expect(loaded.get('prismjs')).toBeUndefined();
    expect(loaded.get('tailwindcss')).toBeUndefined();
    // date-fns a function at a time: its index is some 300 modules.
    expect(loaded.get('date-fns') ?? 0).toBeLessThan(100);
    // What a start does need is loaded: the check above would pass for a process that loads nothing.
    expect(loaded.get('fastify')).toBeGreaterThan(0);
    expect(loaded.get('drizzle-orm')).toBeGreaterThan(0);
    expect(loaded.get('own')).toBeGreaterThan(100);
  });
});
