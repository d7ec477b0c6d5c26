// One process per embedded database: PGlite serves one process, and two processes on one DATA_DIR
// would both start, hand out the same ids and oversell seats (issue 23 §3). The server takes this
// lock before it opens the folder and gives it back when the database closes.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The data directory is held by another live server process. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  /** The lock file's path. */
  path: string;
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

interface LockContent {
  pid: number;
  startedAt: string;
  /** The kernel's start time of the process (Linux /proc/<pid>/stat), to tell a reused pid. */
  processStart: string | null;
}

export const LOCK_FILE = 'flybook.lock';

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null off Linux. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process, and on Linux a Node process started when the lock says. */
function holdsLock(content: LockContent): boolean {
  const { pid } = content;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but another user's; anything else (ESRCH): gone.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true; // no /proc (not Linux): a live pid is taken to hold the lock
  }
  const program = basename(cmdline.split('\0')[0] ?? '');
  if (!program.includes('node')) return false; // the pid was reused by another program
  const start = processStartOf(pid);
  return content.processStart === null || start === null || start === content.processStart;
}

/** The lock file's content, or null when it is torn or unreadable (a crash while writing it). */
function parseLock(text: string): LockContent | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, startedAt, processStart } = parsed as Record<string, unknown>;
    return {
      pid: Number(pid),
      startedAt: typeof startedAt === 'string' ? startedAt : '',
      processStart: typeof processStart === 'string' ? processStart : null,
    };
  } catch {
    return null;
  }
}

/** The file's text, or null when it does not exist. */
function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Creates `path` with `text` only if it does not exist (EEXIST otherwise). The text is written to a
 * file of this process first and then hard-linked into place, so no other process ever reads a
 * lock file that is still empty; where hard links are not supported, an exclusive create ('wx').
 */
function create(path: string, text: string) {
  const own = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(own, text);
  try {
    linkSync(own, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    writeFileSync(path, text, { flag: 'wx' });
  } finally {
    unlinkSync(own);
  }
}

/**
 * Takes `flybook.lock` in `dir` (created exclusively, holding this process's pid and start time).
 * A lock whose process is gone, or whose pid now belongs to another program, is stale (left by a
 * crash or `kill -9`) and taken over; a live holder makes this throw `DataDirLockedError`.
 */
export function lockDataDir(dir: string): DataDirLock {
  const path = join(dir, LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  };
  const text = `${JSON.stringify(content)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      create(path, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readIfExists(path);
      if (found === null) continue; // removed meanwhile: try again
      const holder = parseLock(found);
      if (holder && holdsLock(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dir} is in use by process ${holder.pid}` +
            `${holder.startedAt ? ` (started ${holder.startedAt})` : ''}; stop it first. ` +
            'The embedded database serves one process: several instances need DATABASE_URL (PostgreSQL)',
        );
      }
      // Stale. Remove it only if it is still the file just read, so a process that took it over a
      // moment ago keeps its lock.
      if (readIfExists(path) === found) {
        try {
          unlinkSync(path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      continue;
    }
    let released = false;
    return {
      path,
      release() {
        if (released) return;
        released = true;
        try {
          if (readFileSync(path, 'utf8') === text) unlinkSync(path);
        } catch {
          // already gone
        }
      },
    };
  }
  throw new DataDirLockedError(`DATA_DIR ${dir}: could not take ${path}; another process keeps changing it`);
}
