import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another Node process that takes the lock on `dir` and holds it until killed. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)};
lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      if (text.includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const lockPid = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid;

describe('the DATA_DIR lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'flybook-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is taken with this process id and removed on release', () => {
    const lock = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second taker while another live Node process holds it', async () => {
    const holder = await holderProcess(dir);
    children.push(holder);
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(`DATA_DIR ${dir} is in use by process ${holder.pid}`);
    expect(lockPid(dir)).toBe(holder.pid);
  });

  it('is taken over when its process was killed (kill -9 leaves the file behind)', async () => {
    const holder = await holderProcess(dir);
    await killed(holder);
    expect(lockPid(dir)).toBe(holder.pid);
    const lock = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    lock.release();
  });

  it('is taken over when its pid now belongs to a program that is not Node', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(other);
    await new Promise((resolve) => other.once('spawn', resolve));
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: other.pid, startedAt: '', processStart: null }),
    );
    const lock = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    lock.release();
  });

  it('is taken over when its Node process started after the lock was written (a reused pid)', async () => {
    const holder = await holderProcess(dir);
    children.push(holder);
    const written = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...written, processStart: '1' }));
    const lock = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    lock.release();
  });

  it('is taken over when the file is unreadable, and release leaves another process its lock', async () => {
    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    const lock = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    const takenOver = '{"pid":1,"startedAt":"","processStart":null}\n';
    writeFileSync(join(dir, LOCK_FILE), takenOver);
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(takenOver);
  });
});
