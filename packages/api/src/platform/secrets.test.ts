import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './secrets.ts';

describe('tokens', () => {
  it('are 32 random bytes, URL-safe, never handed out twice across refills of their pool', () => {
    const tokens = Array.from({ length: 1_000 }, () => newToken());
    for (const { token, tokenHash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      // A presented token is looked up by hashToken: it must find the hash stored for it.
      expect(hashToken(token)).toBe(tokenHash);
    }
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(1_000);
    // Not a pool of zeros nor one byte repeated: 32,000 bytes use (nearly) every byte value.
    const bytes = new Set(tokens.flatMap(({ token }) => [...Buffer.from(token, 'base64url')]));
    expect(bytes.size).toBeGreaterThan(250);
  });
});
