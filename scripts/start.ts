// `npm start`: builds what is not built, then migrates, seeds and serves on one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../packages/api/src/config.ts';
import { startServer } from '../packages/api/src/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminDist = join(root, 'admin', 'dist');

/** Newest modification time of the files below a folder. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const builtAt = existsSync(join(adminDist, 'index.html'))
  ? statSync(join(adminDist, 'index.html')).mtimeMs
  : 0;
const sources = ['admin', 'packages/ui', 'packages/client', 'packages/domain', 'schemas', 'locales'].map(
  (d) => join(root, d),
);
if (process.env.FLYBOOK_SKIP_BUILD !== '1' && builtAt < Math.max(...sources.filter(existsSync).map(newest))) {
  console.log('Building the back office…');
  execFileSync('npm', ['run', 'build', '--workspace', 'admin'], { cwd: root, stdio: 'inherit' });
}

const server = await startServer(loadConfig(), { adminDist });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // PGlite must be closed cleanly, else sequences skip values on the next start.
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
