import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import {
  logEntries,
  runServerProcessToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

/** The raw answer on a socket until the server closes it. */
const answerOf = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });

/** Whether a new TCP connection to the server is refused (it no longer listens). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('graceful shutdown of a server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flybook-shutdown-'));
    // PGlite in a folder of its own (FLYBOOK_DEMO=0: reference data only, a quicker start).
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', FLYBOOK_DEMO: '0' });
  }, 200_000);
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server process on the same DATA_DIR while the first keeps serving', {
    timeout: 120_000,
  }, async () => {
    const second = await runServerProcessToExit({ DATA_DIR: dataDir, DATABASE_URL: '', FLYBOOK_DEMO: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toMatch(
      new RegExp(
        `^Flybook cannot start: DATA_DIR ${dataDir} is in use by process ${server.child.pid} \\(started [^)]+\\); stop it first\\.`,
      ),
    );
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    // The first still answers, database calls included, and still holds the lock.
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const countries = await fetch(`${server.url}/api/v1/public/country/list`);
    expect(countries.status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(server.child.pid);
  });

  it('on SIGTERM stops accepting, finishes the request in progress, then closes the database and exits 0', {
    timeout: 120_000,
  }, async () => {
    const port = Number(new URL(server.url).port);
    // A login whose body is still on its way when the signal comes: the request is in progress.
    const body = JSON.stringify({ login: 'nobody@flybook.test', password: 'not-the-password' });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = answerOf(socket);
    socket.write(
      'POST /api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `X-Request-Id: in-flight-1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await server.waitForLine((line) => line.includes('"reqId":"in-flight-1"'));

    server.child.kill('SIGTERM');
    await server.waitForLine((line) => line.includes('shutting down'));
    // The port closes at once; polled because the signal is handled asynchronously.
    for (let attempt = 0; attempt < 200 && !(await refused(port)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await refused(port)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    socket.write(body.slice(10));
    // The whole answer arrives, then the server closes the connection (the answer resolves on its end).
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"code":"ERROR_BAD_CREDENTIALS"');
    expect(await server.exited).toBe(0);

    const finished = logEntries(server.lines).find(
      (entry) => entry.reqId === 'in-flight-1' && entry.msg === 'request completed',
    );
    expect(finished).toMatchObject({ res: { statusCode: 401 } });
    // The stop gave the DATA_DIR lock back.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('leaves a database the next start opens and finds ready', { timeout: 200_000 }, async () => {
    const again = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', FLYBOOK_DEMO: '0' });
    try {
      const ready = await fetch(`${again.url}/api/ready`);
      expect(ready.status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  it('takes over a lock left by a process that is gone (a crash or kill -9)', {
    timeout: 200_000,
  }, async () => {
    // A pid that surely ended: a process that ran and exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: gone, startedAt: '2026-01-01T00:00:00.000Z', processStart: '1' }),
    );
    const again = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', FLYBOOK_DEMO: '0' });
    try {
      expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(again.child.pid);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
