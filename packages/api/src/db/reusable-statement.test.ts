import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { Db, Tx } from './client.ts';
import { insertChain, insertedId, insertReturning, runReusable } from './reusable-statement.ts';
import { outbox, reservationInvoices, reservationPassengers, reservations } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (recipient: string, more: Partial<typeof outbox.$inferInsert> = {}) => ({
  channel: 'email' as const,
  recipient,
  subject: null,
  body: `to ${recipient}`,
  template: 'reusable-test',
  attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', contentBase64: 'JVBERg==' }],
  reservationId: 77,
  ...more,
});

/** A reusable select of the test's messages to a recipient. */
const toRecipient = (db: Db | Tx, recipient: string) =>
  runReusable<(typeof outbox.$inferSelect)[]>(
    db,
    'test: outbox to recipient',
    (on) =>
      on
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, sql.placeholder('recipient'))),
    { recipient },
  );

const withoutIdentity = ({ id: _id, createdAt: _c, nextAttemptAt: _n, ...row }: typeof outbox.$inferSelect) =>
  row;

describe('reusable statements', () => {
  it('insert rows as Drizzle builds them each time: the same rows back, nulls as NULL, JSON as JSON', async () => {
    const db = t.database.db;
    const rows = [message('one@example.test'), message('two@example.test', { language: 'de' })];
    // Two shapes (the second row sets a column more): built by Drizzle; one shape: built once.
    const mixed = await insertReturning(db, outbox, rows);
    const reused = await insertReturning(db, outbox, [message('three@example.test')]);
    const again = await insertReturning(db, outbox, [message('four@example.test')]);
    const built = await db
      .insert(outbox)
      .values([message('five@example.test')])
      .returning();
    expect(mixed.map((row) => row.recipient)).toEqual(['one@example.test', 'two@example.test']);
    expect(mixed[1]!.language).toBe('de');
    const same = { ...withoutIdentity(built[0]!), recipient: 'x', body: 'x' };
    for (const row of [reused[0]!, again[0]!])
      expect({ ...withoutIdentity(row), recipient: 'x', body: 'x' }).toEqual(same);
    expect(again[0]!.recipient).toBe('four@example.test');
    const stored = await db.execute(
      sql`select subject is null as "subjectNull", jsonb_typeof(attachments) as "kind" from outbox where recipient = 'four@example.test'`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([{ subjectNull: true, kind: 'array' }]);
  });

  it('run on the connection of the transaction they are given: what it wrote, and nothing once it rolled back', async () => {
    const db = t.database.db;
    await insertReturning(db, outbox, [message('warm@example.test')]);
    expect(await toRecipient(db, 'warm@example.test')).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        const [row] = await insertReturning(tx, outbox, [message('rolled@example.test')]);
        expect((await toRecipient(tx, 'rolled@example.test')).map((found) => found.id)).toEqual([row!.id]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await toRecipient(db, 'rolled@example.test')).toEqual([]);
    await db.transaction(async (tx) => {
      await insertReturning(tx, outbox, [message('kept@example.test')]);
    });
    expect(await toRecipient(db, 'kept@example.test')).toHaveLength(1);
  });

  it('run raw SQL as db.execute does, its values filled in per call, in the transaction given', async () => {
    const db = t.database.db;
    const update = (on: Db | Tx, recipient: string, subject: string) =>
      runReusable(
        on,
        'test: subject by recipient',
        () =>
          sql`update ${outbox} set subject = ${sql.placeholder('subject')} where ${outbox.recipient} = ${sql.placeholder('recipient')}`,
        { recipient, subject },
      );
    await insertReturning(db, outbox, [message('raw@example.test'), message('other@example.test')]);
    await update(db, 'raw@example.test', 'first');
    await expect(
      db.transaction(async (tx) => {
        await update(tx, 'raw@example.test', 'second');
        expect((await toRecipient(tx, 'raw@example.test'))[0]!.subject).toBe('second');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await toRecipient(db, 'raw@example.test'))[0]!.subject).toBe('first');
    expect((await toRecipient(db, 'other@example.test'))[0]!.subject).toBeNull();
  });

  it('insert a chain of rows in one statement, each referring to rows inserted before it by place, answered as a select reads them', async () => {
    const db = t.database.db;
    const chain = (on: Db | Tx, lastName: string, firstNames: string[], agreed: number) =>
      insertChain(on, [
        {
          name: 'new_reservation',
          table: reservations,
          rows: [
            {
              billing: {
                salutation: 'mr',
                firstName: 'Chain',
                lastName,
                email: 'c@example.test',
                country: 'CH',
                phoneMobile: '+41790000000',
              },
              comment: '',
              expiresAt: null,
            },
          ],
          answer: true,
        },
        {
          name: 'new_passengers',
          table: reservationPassengers,
          rows: firstNames.map((firstName) => ({
            reservationId: insertedId('new_reservation', 0),
            firstName,
            lastName,
            ageType: 'adult',
            birthday: firstName === 'Ada' ? '1990-02-28' : null,
          })),
          answer: true,
        },
        {
          name: 'new_invoice',
          table: reservationInvoices,
          rows: [
            {
              reservationId: insertedId('new_reservation', 0),
              total: agreed,
              computedTotal: agreed,
              paymentTerms: 'bill',
              paymentDeadline: '2027-01-31',
            },
          ],
          answer: false,
        },
      ]);
    const first = await chain(db, 'Lovelace', ['Ada', 'Byron', 'Carl'], 123_456_789_012);
    // The same shape again (its SQL built once) with other values, then another shape.
    const second = await chain(db, 'Hopper', ['Grace', 'Ada', 'Howard'], 5);
    const third = await chain(db, 'Knuth', ['Donald'], 0);
    for (const [written, names] of [
      [first, ['Ada', 'Byron', 'Carl']],
      [second, ['Grace', 'Ada', 'Howard']],
      [third, ['Donald']],
    ] as const) {
      const [reservation] = written.new_reservation!;
      const [read] = await db
        .select()
        .from(reservations)
        .where(eq(reservations.id, reservation!.id as number));
      expect(reservation).toEqual(read);
      expect(read!.createdAt).toBeInstanceOf(Date);
      const passengers = await db
        .select()
        .from(reservationPassengers)
        .where(eq(reservationPassengers.reservationId, read!.id))
        .orderBy(reservationPassengers.id);
      expect(written.new_passengers).toEqual(passengers);
      expect(passengers.map((passenger) => passenger.firstName)).toEqual(names);
      expect(written.new_invoice).toBeUndefined();
    }
    const [invoice] = await db
      .select()
      .from(reservationInvoices)
      .where(eq(reservationInvoices.reservationId, first.new_reservation![0]!.id as number));
    expect(invoice!.total).toBe(123_456_789_012);
    expect(invoice!.paymentDeadline).toBe('2027-01-31');

    await expect(
      db.transaction(async (tx) => {
        const rolled = await chain(tx, 'Rolled', ['Back'], 1);
        expect(rolled.new_passengers).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await db.select().from(reservationPassengers).where(eq(reservationPassengers.lastName, 'Rolled')),
    ).toEqual([]);
  });
});
