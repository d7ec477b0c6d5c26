// `npm run dev`: the API (restarting on change) and the back office from Vite's dev server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, [...process.execArgv, '--watch', 'scripts/start.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FLYBOOK_SKIP_BUILD: '1' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'admin'], { cwd: root, stdio: 'inherit' }),
];
console.log('Back office with hot reload: http://localhost:5174/admin/ (API on :4321)');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
