import { describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/secrets.ts';
import { guestKeyMatches, newGuestKey } from './guest-key.ts';

describe('a guest key', () => {
  it('opens only its own booking', () => {
    const guest = newGuestKey();
    expect(guest.hash).toBe(hashToken(guest.key));
    expect(guestKeyMatches(guest.key, guest.hash)).toBe(true);
    expect(guestKeyMatches(newGuestKey().key, guest.hash)).toBe(false);
    expect(guestKeyMatches(undefined, guest.hash)).toBe(false);
    expect(guestKeyMatches(guest.key, null)).toBe(false);
  });
});
