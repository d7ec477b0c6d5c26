// `npm start`: builds what is not built, then migrates, seeds and serves on one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOrExit } from '../packages/api/src/server.ts';
import { BUILD_SETTINGS_FILE, buildSettings } from '../site/src/lib/build-settings.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminDist = join(root, 'admin', 'dist');
const siteDist = join(root, 'site', 'dist');

/** Newest modification time of the files below a folder (not what builds write: dist, dot files). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Builds an app (npm workspace) when any of its sources is newer than its built entry page, or
 * when it was built with other settings than these (`settings`: the stamp the build wrote, and what
 * it would write now).
 */
function buildIfStale(
  workspace: string,
  entry: string,
  sourceDirs: string[],
  settings?: { stamp: string; now: string },
) {
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const sources = sourceDirs.map((d) => join(root, d)).filter(existsSync);
  const stamped =
    settings === undefined ||
    (existsSync(settings.stamp) && readFileSync(settings.stamp, 'utf8').trim() === settings.now);
  if (process.env.FLYBOOK_SKIP_BUILD === '1' || (stamped && builtAt >= Math.max(...sources.map(newest))))
    return;
  console.log(stamped ? `Building ${workspace}…` : `Building ${workspace} for its settings…`);
  execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
}

const shared = ['packages/ui', 'packages/client', 'packages/domain', 'schemas', 'locales'];

// The configuration is checked first (a refused one says so in one line, before any build); then the
// apps are built, the database migrated and seeded, and everything served. SIGTERM / SIGINT: stop
// accepting, finish requests in progress, close the database, exit.
await startOrExit(() => {
  buildIfStale('admin', join(adminDist, 'index.html'), ['admin', ...shared]);
  buildIfStale('site', join(siteDist, 'index.html'), ['site', 'packages/content', ...shared], {
    stamp: join(root, 'site', BUILD_SETTINGS_FILE),
    now: JSON.stringify(buildSettings()),
  });
  return { adminDist, siteDist };
});
