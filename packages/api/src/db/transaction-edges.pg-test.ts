// A transaction's BEGIN sent with its first statement and its COMMIT with its last (transaction-edges.ts), on a real
// PostgreSQL server: the vitest config includes this file when FLYBOOK_TEST_DB=postgres.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { rowsOf } from '../test/user-kinds.ts';
import { type Database, openDatabase } from './client.ts';
import { batchTransactionEdges, THEN_COMMIT } from './transaction-edges.ts';

let scratch: ScratchDatabase;
let database: Database;
/** A connection of its own, outside the pool: what another request sees. */
let observer: pg.Client;
/** The statements the pool's connections sent to the server (what node-postgres was asked to send). */
let sent: string[] = [];
const prototypeQuery = pg.Client.prototype.query;

beforeAll(async () => {
  scratch = await createScratchDatabase('flybook_begin');
  // Counted below the wrapper: every call that reaches node-postgres is one request to the server.
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (this !== observer)
      sent.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? 'custom'));
    return (prototypeQuery as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof prototypeQuery;
  const poolSize = process.env.DB_POOL_SIZE;
  process.env.DB_POOL_SIZE = '1'; // one connection: every transaction below runs on the same one
  try {
    database = await openDatabase({ url: scratch.url, dataDir: '' });
  } finally {
    if (poolSize === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = poolSize;
  }
  observer = new pg.Client({ connectionString: scratch.url });
  await observer.connect();
  await observer.query('create table begin_items (id integer primary key, label text not null)');
}, 60_000);

afterAll(async () => {
  pg.Client.prototype.query = prototypeQuery;
  await observer?.end();
  await database?.close();
  await scratch?.drop();
});

afterEach(async () => {
  await observer.query('delete from begin_items');
  sent = [];
});

/** Connections of the test database sitting in a transaction (none should, between transactions). */
const transactionsLeftOpen = async () =>
  (
    await observer.query(
      `select 1 from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    )
  ).rowCount;

const labels = async () =>
  (await observer.query<{ label: string }>('select label from begin_items order by id')).rows.map(
    (row) => row.label,
  );

describe('a transaction on PostgreSQL', () => {
  it('sends its BEGIN with its first statement: one request less, and the statement is inside the transaction', async () => {
    const { db } = database;
    const seenInside = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_items values (${1}, ${'first'})`);
      await tx.execute(sql`insert into begin_items values (${2}, ${'second'})`);
      // Not committed yet: another connection sees neither row.
      return labels();
    });
    expect(seenInside).toEqual([]);
    expect(await labels()).toEqual(['first', 'second']);
    // BEGIN went out with the first insert: two inserts and the commit, three requests, not four.
    expect(sent).toEqual([
      'insert into begin_items values ($1, $2)',
      'insert into begin_items values ($1, $2)',
      'commit',
    ]);
  });

  it('rolls its first statement back with the rest when the work fails', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_items values (${1}, ${'kept?'})`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await labels()).toEqual([]);
    expect(sent.at(-1)).toBe('rollback');
  });

  it('fails a first statement that fails, leaves nothing behind and the connection usable', async () => {
    const { db } = database;
    await observer.query(`insert into begin_items values (1, 'there before')`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_items values (${1}, ${'duplicate'})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    // The same (only) connection: not left in an aborted transaction, and its next transaction commits.
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_items values (${2}, ${'after'})`);
    });
    expect(await labels()).toEqual(['there before', 'after']);
    expect(await transactionsLeftOpen()).toBe(0);
  });

  it('sends nothing for a transaction whose work throws before any statement', async () => {
    await expect(
      database.db.transaction(async () => {
        throw new Error('refused before the database');
      }),
    ).rejects.toThrow('refused before the database');
    expect(sent).toEqual([]);
  });

  it('keeps the isolation level it was opened with', async () => {
    const level = await database.db.transaction(
      async (tx) => {
        const [row] = await rowsOf<{ level: string }>(
          tx.execute(sql`select current_setting(${'transaction_isolation'}) as level`),
        );
        return row?.level;
      },
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
    expect(sent[0]).toBe('select current_setting($1) as level');
  });

  it('sends the BEGIN on its own before a first statement without parameters', async () => {
    const { db } = database;
    const seenInside = await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`insert into begin_items values (${1}, ${'after a setting'})`);
      return labels();
    });
    expect(seenInside).toEqual([]);
    expect(await labels()).toEqual(['after a setting']);
    expect(sent).toEqual([
      'begin',
      "set local lock_timeout = '5s'",
      'insert into begin_items values ($1, $2)',
      'commit',
    ]);
  });

  it('runs a savepoint (a nested transaction) first and rolls only it back', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into begin_items values (${1}, ${'inner'})`);
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await tx.execute(sql`insert into begin_items values (${2}, ${'outer'})`);
    });
    expect(await labels()).toEqual(['outer']);
  });
});

describe('a transaction whose last statement carries its COMMIT (THEN_COMMIT)', () => {
  const last = (id: number, label: string) =>
    sql`insert into begin_items values (${id}, ${label}) ${sql.raw(THEN_COMMIT)}`;
  const lastText = `insert into begin_items values ($1, $2) ${THEN_COMMIT}`;

  it('is committed when that statement has answered, and the commit asked for after sends nothing', async () => {
    const { db } = database;
    const seenAfterLast = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_items values (${1}, ${'first'})`);
      await tx.execute(last(2, 'last'));
      // Already committed: another connection sees both rows before Drizzle's commit.
      return labels();
    });
    expect(seenAfterLast).toEqual(['first', 'last']);
    expect(sent).toEqual(['insert into begin_items values ($1, $2)', lastText]);
  });

  it('carries the BEGIN too when the first statement is also the last: one request for the transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(last(1, 'only'));
    });
    expect(await labels()).toEqual(['only']);
    expect(sent).toEqual([lastText]);
  });

  it('skips the COMMIT when the statement fails: nothing is committed, the rollback goes out, the connection is usable', async () => {
    const { db } = database;
    await observer.query(`insert into begin_items values (2, 'there before')`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_items values (${1}, ${'rolled back'})`);
        await tx.execute(last(2, 'duplicate'));
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await labels()).toEqual(['there before']);
    expect(sent.at(-1)).toBe('rollback');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_items values (${3}, ${'after'})`);
    });
    expect(await labels()).toEqual(['there before', 'after']);
    expect(await transactionsLeftOpen()).toBe(0);
  });

  it('fails the statement when its COMMIT fails (a deferred check), and nothing is committed', async () => {
    await observer.query(
      `create table if not exists begin_parents (id integer primary key);
       create table if not exists begin_children (parent integer references begin_parents deferrable initially deferred)`,
    );
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into begin_items values (${1}, ${'with an orphan'})`);
          await tx.execute(sql`insert into begin_children values (${99}) ${sql.raw(THEN_COMMIT)}`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23503' } });
      expect(await labels()).toEqual([]);
      const orphans = await observer.query('select 1 from begin_children');
      expect(orphans.rowCount).toBe(0);
      // The connection goes on.
      await database.db.transaction(async (tx) => {
        await tx.execute(last(2, 'next'));
      });
      expect(await labels()).toEqual(['next']);
    } finally {
      await observer.query('drop table if exists begin_children, begin_parents');
    }
  });

  it('refuses a rollback once the COMMIT went through: the caller learns it is committed (work that fails beside the last statement)', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(last(1, 'committed')), Promise.reject(new Error('the work failed'))]);
      }),
    ).rejects.toMatchObject({
      cause: {
        message: expect.stringMatching(/committed with its last statement: it can no longer be rolled back/),
      },
    });
    expect(await labels()).toEqual(['committed']);
  });

  it('rolls back and fails a commit asked for after its last statement failed (its error caught)', async () => {
    await observer.query(`insert into begin_items values (2, 'there before')`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_items values (${1}, ${'rolled back'})`);
        await tx.execute(last(2, 'duplicate')).catch(() => undefined);
      }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/carried the transaction’s COMMIT failed/) },
    });
    expect(await labels()).toEqual(['there before']);
    expect(sent.at(-1)).toBe('rollback');
    expect(await transactionsLeftOpen()).toBe(0);
  });

  it('does not carry the COMMIT inside a savepoint, nor outside a transaction', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.execute(last(1, 'in a savepoint'));
      });
      await tx.execute(sql`insert into begin_items values (${2}, ${'after it'})`);
    });
    expect(sent.at(-1)).toBe('commit');
    // Outside a transaction the marked statement runs on its own, and the connection goes on.
    await db.execute(last(3, 'alone'));
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_items values (${4}, ${'next'})`);
    });
    expect(await labels()).toEqual(['in a savepoint', 'after it', 'alone', 'next']);
  });

  it('waits for the statement and its COMMIT, each within the server’s statement timeout, before the client gives up', async () => {
    // query_timeout 1 s: a statement of 0.6 s and a COMMIT of 0.6 s (a deferred trigger) are
    // answered after 1.2 s; the client must not report a failure for a transaction that committed.
    await observer.query(`
      create table if not exists begin_slow (id integer);
      create or replace function begin_slow_commit() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.6); return null; end $$;
      create constraint trigger begin_slow_commit after insert on begin_slow
        deferrable initially deferred for each row execute function begin_slow_commit();`);
    const client = new pg.Client({ connectionString: scratch.url, query_timeout: 1000 });
    await client.connect();
    try {
      batchTransactionEdges(client);
      await client.query('begin');
      await client.query({
        text: `insert into begin_slow select $1::int from pg_sleep(0.6) ${THEN_COMMIT}`,
        values: [1],
      });
      await client.query('commit');
      expect((await observer.query('select id from begin_slow')).rows).toEqual([{ id: 1 }]);
    } finally {
      await client.end();
      await observer.query('drop table begin_slow; drop function begin_slow_commit()');
    }
  });

  it('refuses a statement after the one that carried the COMMIT, without sending it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(last(1, 'last'));
        await tx.execute(sql`insert into begin_items values (${2}, ${'too late'})`);
      }),
    ).rejects.toMatchObject({
      // The statement is refused; the rollback that follows says what happened: it is committed.
      cause: {
        message: expect.stringMatching(/committed with its last statement: it can no longer be rolled back/),
      },
    });
    // What the transaction wrote was committed with its last statement; the rest never left.
    expect(await labels()).toEqual(['last']);
    expect(sent).toEqual([lastText]);
  });
});

describe('queries on a connection of its own', () => {
  it('a BEGIN that fails takes its statement down and closes the connection: nothing runs outside a transaction', async () => {
    const insert = { name: 'begin_items_insert', text: 'insert into begin_items values ($1, $2)' };
    const withFailingBegin = async (work: (client: pg.Client) => Promise<void>) => {
      const client = new pg.Client({ connectionString: scratch.url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        batchTransactionEdges(client);
        await client.query('begin isolation level sideways');
        await work(client);
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    // The BEGIN carried by the first statement: the statement is skipped with it, and a caller
    // that goes on finds the connection closed.
    await withFailingBegin(async (client) => {
      await expect(client.query({ ...insert, values: [1, 'outside'] })).rejects.toMatchObject({
        code: '42601',
      });
      await expect(client.query({ ...insert, values: [2, 'after'] })).rejects.toThrow();
    });
    // Two first statements at once: the second was queued behind the first, and fails too.
    await withFailingBegin(async (client) => {
      const both = await Promise.allSettled([
        client.query({ ...insert, values: [3, 'first of two'] }),
        client.query({ ...insert, values: [4, 'second of two'] }),
      ]);
      expect(both.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    });
    // The BEGIN on its own before a statement without parameters, with one queued behind.
    await withFailingBegin(async (client) => {
      const both = await Promise.allSettled([
        client.query(`insert into begin_items values (5, 'no parameters')`),
        client.query({ ...insert, values: [6, 'behind it'] }),
      ]);
      expect(both.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    });
    expect(await labels()).toEqual([]);
  });

  it('sends the BEGIN before a first query it cannot carry (one that reads its rows by portal)', async () => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      batchTransactionEdges(client);
      await client.query('begin');
      // `rows` (a portal read in batches) is a config node-postgres' types leave out.
      const byPortal = {
        text: 'insert into begin_items values ($1, $2) returning id',
        values: [1, 'by portal'],
        rows: 10,
      } as pg.QueryConfig;
      const inserted = await client.query(byPortal);
      expect(inserted.rows).toEqual([{ id: 1 }]);
      await client.query('rollback');
      // It ran inside the transaction: rolled back with it.
      expect(await labels()).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('sends a named statement with its BEGIN once parsed, and parses it only once', async () => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      batchTransactionEdges(client);
      const insert = { name: 'begin_items_named', text: 'insert into begin_items values ($1, $2)' };
      for (const [id, label] of [
        [1, 'one'],
        [2, 'two'],
      ] as const) {
        await client.query('begin');
        await client.query({ ...insert, values: [id, label] });
        expect(await labels()).not.toContain(label);
        await client.query('commit');
      }
      expect(await labels()).toEqual(['one', 'two']);
    } finally {
      await client.end();
    }
  });
});
