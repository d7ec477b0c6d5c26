import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { ReusableStatement } from '../db/reusable-statement.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { ApiError } from '../http/api-error.ts';

/** The longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

class Replay extends Error {}

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

async function stored(db: Db, scope: string, key: string, hash: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return undefined;
  if (row.requestHash !== hash)
    throw new ApiError('ERROR_IDEMPOTENCY_KEY_REUSED', 422, { field: 'Idempotency-Key' });
  return row.response;
}

/**
 * Lets a write store its answer to the key in its own last statement (a data-modifying WITH of it,
 * `runWith`) instead of the update that would follow it: one round trip less (a new booking, in the
 * statement of its seats). `statement` is null without a key. The write must run the statement and
 * then answer exactly what it was given (the same object); any other answer is stored after it.
 */
export interface IdempotentAnswer<T> {
  statement(answer: T): ReusableStatement | null;
}

/** The claimed key's answer, as a statement not yet run (its SQL built once). */
function answerStatement(scope: string, key: string, answer: unknown): ReusableStatement {
  return {
    shape: 'idempotencyAnswer',
    build: (on) =>
      on
        .update(idempotencyKeys)
        .set({ status: 200, response: sql.placeholder('answer.response') })
        .where(
          and(
            eq(idempotencyKeys.scope, sql.placeholder('answer.scope')),
            eq(idempotencyKeys.key, sql.placeholder('answer.key')),
          ),
        )
        .getSQL(),
    values: { 'answer.response': answer, 'answer.scope': scope, 'answer.key': key },
  };
}

/**
 * Runs a write once per Idempotency-Key and caller: the key is claimed inside the write's own
 * transaction, so a retry (even a concurrent one, which waits on the claim) gets the first answer
 * and changes nothing; a failed write leaves no claim behind, so it can be retried. The same key
 * with another body is refused (when the claim finds the earlier one).
 */
export async function idempotent<T>(
  db: Db,
  claim: { scope: string; key: string | undefined; body: unknown },
  work: (tx: Tx, answer: IdempotentAnswer<T>) => Promise<T>,
): Promise<T> {
  const { scope, key } = claim;
  if (key === undefined) return db.transaction((tx) => work(tx, { statement: () => null }));
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError('ERROR_VALIDATION', 422, {
      message: 'Invalid Idempotency-Key',
      field: 'Idempotency-Key',
    });
  }
  const hash = hashOf(claim.body);
  // No look-up first: the claim finds an earlier answer as well, and a first request (by far the
  // most) saves the statement. A retry pays a begin and a rollback more, then reads the answer.
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash: hash, status: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new Replay();
      // The answer the work stored in a statement of its own (answer.statement), if it did.
      let storedWithWork: { result: T } | undefined;
      const result = await work(tx, {
        statement(answer) {
          storedWithWork = { result: answer };
          return answerStatement(scope, key, answer);
        },
      });
      if (storedWithWork?.result !== result) {
        await tx
          .update(idempotencyKeys)
          .set({ status: 200, response: result as object })
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      }
      return result;
    });
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    return (await stored(db, scope, key, hash)) as T;
  }
}

/** The Idempotency-Key request header, when sent once. */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>) => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
};
