import { timingSafeEqual } from 'node:crypto';
import { hashToken, newToken } from '../../platform/secrets.ts';

/**
 * The key of a guest booking (docs/security.md, Authorization): a guest has no session, so the
 * answer to their booking carries a random key, and only its holder may start the booking's card
 * payment. Reservation ids count up; without the key anyone could pay-start any guest booking and
 * read it through the transaction's public pages. The server keeps only the key's SHA-256.
 */
export function newGuestKey(): { key: string; hash: string } {
  const { token, tokenHash } = newToken();
  return { key: token, hash: tokenHash };
}

/** Whether `key` is the guest key whose hash a reservation keeps; compared in constant time. */
export function guestKeyMatches(key: string | undefined, hash: string | null): boolean {
  if (!key || !hash) return false;
  const given = Buffer.from(hashToken(key), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
