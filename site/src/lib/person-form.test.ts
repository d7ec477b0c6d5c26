import { describe, expect, it } from 'vitest';
import { siteTexts } from './i18n.ts';
import { formErrorTexts } from './island-texts.ts';
import { checkPersonFields, problemsOfResponse, problemText } from './person-form.ts';

const complete = {
  email: 'drita@example.com',
  firstName: 'Drita',
  phoneMobile: '+41 79 123 45 67',
  password: '',
  passwordConfirm: '',
};
const check = (values: Record<string, string>, country: string | null = 'CH') =>
  checkPersonFields({
    values,
    required: ['email', 'firstName', 'phoneMobile'],
    country,
  });

describe('the public person form checks', () => {
  it('passes a complete form and names every missing required field', () => {
    expect(check(complete)).toEqual({});
    expect(check({ ...complete, firstName: '  ', phoneMobile: '' })).toEqual({
      firstName: { code: 'ERROR_REQUIRED' },
      phoneMobile: { code: 'ERROR_REQUIRED' },
    });
  });

  it('refuses an e-mail without domain', () => {
    expect(check({ ...complete, email: 'drita@' })).toEqual({ email: { code: 'ERROR_FORMAT' } });
  });

  it("checks phones by their dial code with the spec's limits, both edges", () => {
    expect(check({ ...complete, phoneMobile: '+41 79 123 45 6' })).toEqual({
      phoneMobile: { code: 'ERROR_MINIMUM', params: { limit: 9 } },
    });
    expect(check({ ...complete, phoneMobile: '+41 79 123 45 678' })).toEqual({
      phoneMobile: { code: 'ERROR_MAXIMUM', params: { limit: 9 } },
    });
    // Kosovo: 8 digits after +383, whatever the holder's country.
    expect(check({ ...complete, phoneMobile: '+383 44 123 456' })).toEqual({});
    expect(check({ ...complete, phoneNumberFirst: '+383 44 123 4567' })).toEqual({
      phoneNumberFirst: { code: 'ERROR_MAXIMUM', params: { limit: 8 } },
    });
    // Without dial code the number is the holder's country's: a Swiss 079 number has 9 digits.
    expect(check({ ...complete, phoneMobile: '079 123 45 67' })).toEqual({});
    expect(check({ ...complete, phoneMobile: 'call me' })).toEqual({
      phoneMobile: { code: 'ERROR_PATTERN' },
    });
  });

  it('asks for a long enough password and an equal confirmation, only when one is typed', () => {
    expect(check({ ...complete, password: 'short', passwordConfirm: 'short' })).toEqual({
      password: { code: 'ERROR_MIN_LENGTH', params: { limit: 8 } },
    });
    expect(check({ ...complete, password: 'long-enough', passwordConfirm: 'long-enougH' })).toEqual({
      passwordConfirm: { code: 'ERROR_NOT_EQUAL_PASSWORD' },
    });
    expect(check({ ...complete, passwordConfirm: 'typed-only-here' })).toEqual({
      passwordConfirm: { code: 'ERROR_NOT_EQUAL_PASSWORD' },
    });
  });

  it('checks a typed password by the password rule of @flybook/domain: blank, own e-mail, its local part', () => {
    expect(check({ ...complete, password: '          ', passwordConfirm: '          ' })).toEqual({
      password: { code: 'ERROR_NOT_BLANK' },
    });
    for (const password of ['Drita@Example.com', 'DRITA@example.com ', 'drita']) {
      expect(check({ ...complete, password, passwordConfirm: password }), password).toEqual(
        password === 'drita'
          ? { password: { code: 'ERROR_MIN_LENGTH', params: { limit: 8 } } }
          : { password: { code: 'ERROR_PASSWORD_IS_EMAIL' } },
      );
    }
    const local = { ...complete, email: 'drita.hoxha@example.com' };
    expect(check({ ...local, password: 'Drita.Hoxha', passwordConfirm: 'Drita.Hoxha' })).toEqual({
      password: { code: 'ERROR_PASSWORD_IS_EMAIL' },
    });
    // The list of common passwords is the server's: the form lets it through.
    expect(check({ ...complete, password: 'password1', passwordConfirm: 'password1' })).toEqual({});
  });

  it("reads the server's errors per field, the first one winning, and words them from the catalogue", () => {
    const problems = problemsOfResponse([
      { code: 'ERROR_MINIMUM', field: 'phoneMobile', params: { limit: 9, digits: 8 } },
      { code: 'ERROR_PATTERN', field: 'phoneMobile' },
      { code: 'ERROR_EMAIL_TAKEN', field: 'email' },
      { code: 'ERROR_VALIDATION' },
    ]);
    expect(problems).toEqual({
      phoneMobile: { code: 'ERROR_MINIMUM', params: { limit: 9 } },
      email: { code: 'ERROR_EMAIL_TAKEN' },
    });
    // The texts as the page hands them over, in German.
    const texts = formErrorTexts(siteTexts('de'));
    expect(problemText(problems.phoneMobile!, texts)).toBe('muss grösser oder gleich sein: 9');
    expect(problemText(problems.email!, texts)).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
    expect(problemText({ code: 'ERROR_SOMETHING_NEW' }, texts)).toBe(
      'Es gab ein Problem. Bitte prüfen Sie, ob alle Felder richtig ausgefüllt sind.',
    );
  });
});
