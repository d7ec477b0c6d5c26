import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './passwords.ts';

const withList = { isCommon: isCommonPassword };

describe('passwordProblem', () => {
  it('refuses blank and whitespace-only passwords of any length', () => {
    for (const password of ['', ' ', '        ', '\t\t\t\t\n\n\n\n', '\u00a0'.repeat(12)]) {
      expect(passwordProblem(password, withList)?.code, JSON.stringify(password)).toBe('ERROR_NOT_BLANK');
    }
  });

  it('sees through invisible characters: zero-width spaces are blank, and the e-mail with one is the e-mail', () => {
    expect(passwordProblem('\u200b'.repeat(8), withList)?.code).toBe('ERROR_NOT_BLANK');
    expect(passwordProblem('\u200d\u2060 \ufeff'.repeat(4), withList)?.code).toBe('ERROR_NOT_BLANK');
    const email = 'customer@flybook.test';
    expect(passwordProblem('customer@flybook.test\u200b', { email })?.code).toBe('ERROR_PASSWORD_IS_EMAIL');
    expect(passwordProblem('cus\u200btomer', { email })?.code).toBe('ERROR_PASSWORD_IS_EMAIL');
    // Full-width letters are the same password to a person, and so to the list.
    expect(passwordProblem('ｐａｓｓｗｏｒｄ１２３', withList)?.code).toBe('ERROR_PASSWORD_TOO_COMMON');
    // Seven visible characters and a zero-width space are seven characters.
    expect(passwordProblem('Xq7-zr!\u200b', withList)?.code).toBe('ERROR_MIN_LENGTH');
  });

  it(`keeps the minimum length of ${PASSWORD_MIN_LENGTH} characters, counted as characters, not bytes`, () => {
    expect(passwordProblem('Xq7-zr!', withList)).toMatchObject({
      code: 'ERROR_MIN_LENGTH',
      params: { limit: 8 },
    });
    expect(passwordProblem('Xq7-zr!w', withList)).toBeNull();
    // Seven characters, more than eight UTF-16 units.
    expect(passwordProblem('ÄÖÜ🛫🛬€ß', withList)?.code).toBe('ERROR_MIN_LENGTH');
  });

  it("refuses the account's own e-mail and its local part, in any letter case", () => {
    const email = 'Mira.Krasniqi@Flybook.test';
    for (const password of [
      'mira.krasniqi@flybook.test',
      'MIRA.KRASNIQI@FLYBOOK.TEST',
      ' mira.krasniqi@flybook.test ',
      'mira.krasniqi',
      'Mira.Krasniqi',
    ]) {
      expect(passwordProblem(password, { email })?.code, password).toBe('ERROR_PASSWORD_IS_EMAIL');
    }
    // Longer passwords that merely contain the name are the user's choice.
    expect(passwordProblem('mira.krasniqi flies to Prishtina', { email })).toBeNull();
    expect(passwordProblem('mira.krasniqi@flybook.test', { email: 'someone.else@flybook.test' })).toBeNull();
  });

  it('refuses the common passwords of the list in any letter case, and only when given the list', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(40_000);
    for (const password of ['password', 'Password1', 'QWERTYUIOP', 'iloveyou', '12345678', 'baseball']) {
      expect(passwordProblem(password, withList)?.code, password).toBe('ERROR_PASSWORD_TOO_COMMON');
    }
    expect(passwordProblem('password')).toBeNull();
    expect(passwordProblem('Tirana-Zurich-2026', withList)).toBeNull();
  });

  it('reports the first problem: blank, then length, then e-mail, then the list', () => {
    expect(passwordProblem('      ', { email: 'a@b.c', isCommon: () => true })?.code).toBe('ERROR_NOT_BLANK');
    expect(passwordProblem('short', { email: 'short@b.c', isCommon: () => true })?.code).toBe(
      'ERROR_MIN_LENGTH',
    );
    expect(passwordProblem('password', { email: 'password@b.c', isCommon: () => true })?.code).toBe(
      'ERROR_PASSWORD_IS_EMAIL',
    );
  });
});
