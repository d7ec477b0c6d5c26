import { hash as digest, randomFillSync } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, verified for unknown logins so timing does not reveal them. */
let dummyHash: Promise<string> | null = null;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
};

/** Random bytes for 128 tokens at a time: one call into OpenSSL per 128 (as `randomUUID` does). */
const TOKEN_BYTES = 32;
const randomPool = Buffer.alloc(TOKEN_BYTES * 128);
let poolUsed = randomPool.length;

/** A random token for the client (URL-safe) and the hash the database keeps. */
export function newToken(): { token: string; tokenHash: string } {
  if (poolUsed === randomPool.length) {
    randomFillSync(randomPool);
    poolUsed = 0;
  }
  const token = randomPool.toString('base64url', poolUsed, poolUsed + TOKEN_BYTES);
  // Each byte is handed out once: the next token takes the next 32.
  poolUsed += TOKEN_BYTES;
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string): string => digest('sha256', token, 'hex');
