import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { runReusable } from '../../db/reusable-statement.ts';
import { authTokens, groups, outbox, recoveryTokens, users } from '../../db/schema/index.ts';
import type { OutgoingMessage } from '../../platform/outbox.ts';

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1))[0];

export async function insertSession(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(authTokens).values({ userId, tokenHash, expiresAt });
}

/**
 * The user behind a live token with the roles of their group, in one query. Live: before its
 * sliding expiry and younger than `maxHours` (the absolute lifetime).
 */
export async function findSession(db: Db, tokenHash: string, maxHours: number) {
  // Every request of a signed-in user runs it: its SQL is built once (runReusable).
  const rows = await runReusable<Awaited<ReturnType<typeof sessionQuery>>>(db, 'findSession', sessionQuery, {
    tokenHash,
    maxHours,
  });
  return rows[0];
}

const sessionQuery = (db: Db | Tx) =>
  db
    .select({
      id: users.id,
      type: users.type,
      displayName: users.displayName,
      email: users.email,
      isActive: users.isActive,
      // The roles as one text each (no array for the driver to parse on every request): the
      // service reads the session's roles from them once per combination (sessionRoles).
      groupRoles: sql<string>`array_to_string(coalesce(${groups.roles}, '{}'), ' ')`,
      allowed: sql<string>`array_to_string(${users.allowedSpecialRoles}, ' ')`,
      denied: sql<string>`array_to_string(${users.deniedSpecialRoles}, ' ')`,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(groups, eq(groups.id, users.groupId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(authTokens.expiresAt, sql`now()`),
        gt(authTokens.createdAt, sql`now() - make_interval(hours => ${sql.placeholder('maxHours')})`),
      ),
    )
    .limit(1);

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date) {
  await db.update(authTokens).set({ expiresAt }).where(eq(authTokens.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

/** Drops expired sessions and recovery tokens (housekeeping on login). */
export async function deleteExpired(db: Db) {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, sql`now()`));
  await db.delete(recoveryTokens).where(lt(recoveryTokens.expiresAt, sql`now() - interval '1 day'`));
}

/**
 * Stores a recovery token for an active user and queues its e-mail, in one statement. For a user id
 * that names no active user (0 for an unknown address) the same statement runs and writes nothing,
 * so both answers of the recovery call cost the same database work. True when it wrote.
 */
export async function issueRecovery(
  db: Db | Tx,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  mail: OutgoingMessage,
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH target AS (
      SELECT ${users.id} AS id FROM ${users} WHERE ${users.id} = ${userId} AND ${users.isActive}
    ), token AS (
      INSERT INTO ${recoveryTokens} (user_id, token_hash, expires_at)
      SELECT id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz FROM target
      RETURNING user_id
    )
    INSERT INTO ${outbox} (channel, recipient, template, subject, body, html, language)
    SELECT ${mail.channel}, ${mail.recipient}, ${mail.template}, ${mail.subject ?? null}, ${mail.body},
           ${mail.html ?? null}, ${mail.language ?? null}
      FROM token
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Marks a live, unused recovery token used and returns its user; nothing when expired or used. */
export async function consumeRecoveryToken(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(recoveryTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryTokens.tokenHash, tokenHash),
        isNull(recoveryTokens.usedAt),
        gt(recoveryTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: recoveryTokens.userId });
  return rows[0];
}

/** The e-mail of a user, for the password rule. */
export const emailOfUser = async (tx: Tx, userId: number) =>
  (await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email;

export async function setPassword(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
  // A new password ends every open session of that user, and every other recovery link sent to
  // them: a link still lying in a mailbox must not set the password again.
  await tx.delete(authTokens).where(eq(authTokens.userId, userId));
  await tx
    .update(recoveryTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryTokens.userId, userId), isNull(recoveryTokens.usedAt)));
}
