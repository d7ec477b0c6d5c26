// Vitest global setup of the API projects: migrates and seeds one database per run, which every
// test file then copies instead of migrating and seeding its own (about 3 s a file on PGlite).
// On PGlite the copy is a dump of the data folder, loaded into each file's in-memory instance; on
// PostgreSQL a template database, copied by CREATE DATABASE … TEMPLATE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { createScratchDatabase } from './scratch-database.ts';

/** Where a test file finds the run's seeded database. */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the project runs without this setup (each file then seeds its own). */
    databaseTemplate?: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.FLYBOOK_TEST_DB === 'postgres' || process.env.FLYBOOK_TEST_DB === 'postgres') {
    const template = await createScratchDatabase('flybook_template');
    const database = await openDatabase({ url: template.url, dataDir: 'memory://' });
    await database.migrate();
    await seedIfEmpty(database.db, { demo: true });
    // A template may have no open connection while it is copied.
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', name: template.name });
    return () => template.drop();
  }
  const database = await openDatabase({ url: null, dataDir: 'memory://' });
  await database.migrate();
  await seedIfEmpty(database.db, { demo: true });
  const dump = await database.dumpDataDir!();
  await database.close();
  const folder = mkdtempSync(join(tmpdir(), 'flybook-template-'));
  const dumpFile = join(folder, 'seeded.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(folder, { recursive: true, force: true });
}
