import type { Locale } from '@flybook/locales';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { type ReusableStatement, runStatement } from '../db/reusable-statement.ts';
import { reservationAccessKeys } from '../db/schema/index.ts';
import { hashToken, newToken } from './secrets.ts';

/** How long a key from an e-mail's link works: long enough to reach the journey and back. */
export const EMAIL_KEY_DAYS = 400;
/** How long a key from a look-up by record locator and last name works (one visit). */
export const FIND_KEY_HOURS = 24;

/**
 * Mints a key to one booking (manage my booking, its documents and its card payment): the key, and
 * the insert that keeps only its hash, for the caller to run alone or alongside another statement
 * (an e-mail's key goes in with the e-mail, `enqueueMessage`). `issuedFor` says where it went.
 * 256 random bits.
 */
export function mintAccessKey(
  reservationId: number,
  issuedFor: 'email' | 'find',
): { key: string; store: ReusableStatement } {
  const { token, tokenHash } = newToken();
  // The lifetime runs from the database's clock; its SQL is one per kind of key.
  const lifetime =
    issuedFor === 'email'
      ? sql`now() + interval '${sql.raw(String(EMAIL_KEY_DAYS))} days'`
      : sql`now() + interval '${sql.raw(String(FIND_KEY_HOURS))} hours'`;
  const store: ReusableStatement = {
    shape: `access key ${issuedFor}`,
    build: (on) =>
      on
        .insert(reservationAccessKeys)
        .values({
          keyHash: sql.placeholder('key.hash'),
          reservationId: sql.placeholder('key.reservationId'),
          issuedFor,
          expiresAt: lifetime,
        })
        .getSQL(),
    values: { 'key.hash': tokenHash, 'key.reservationId': reservationId },
  };
  return { key: token, store };
}

/** Mints a key to one booking and stores its hash at once (`mintAccessKey`). */
export async function issueAccessKey(
  db: Db | Tx,
  reservationId: number,
  issuedFor: 'email' | 'find',
): Promise<string> {
  const { key, store } = mintAccessKey(reservationId, issuedFor);
  await runStatement(db, store);
  return key;
}

/** The booking a key opens, or null for an unknown or expired key. */
export async function reservationIdOfAccessKey(db: Db | Tx, key: string | undefined): Promise<number | null> {
  if (!key) return null;
  const [row] = await db
    .select({ reservationId: reservationAccessKeys.reservationId })
    .from(reservationAccessKeys)
    .where(
      and(eq(reservationAccessKeys.keyHash, hashToken(key)), gt(reservationAccessKeys.expiresAt, sql`now()`)),
    );
  return row?.reservationId ?? null;
}

/** The site's manage-my-booking page for a booking, opened directly by its key (e-mail links). */
export function manageBookingUrl(
  publicUrl: string,
  language: Locale,
  recordLocator: string,
  key: string,
): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  return `${publicUrl}${prefix}/booking/manage?ref=${recordLocator}&key=${encodeURIComponent(key)}`;
}

/** The online check-in page in a language, the booking's locator filled in (docs/check-in.md). */
export function checkInUrl(publicUrl: string, language: Locale, recordLocator: string): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  return `${publicUrl}${prefix}/check-in?ref=${recordLocator}`;
}
