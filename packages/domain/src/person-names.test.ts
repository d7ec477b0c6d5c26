import { describe, expect, it } from 'vitest';
import { normalizePersonName, samePersonName } from './person-names.ts';

describe('normalizePersonName', () => {
  it('drops accents and case so a name typed without them matches', () => {
    expect(normalizePersonName('Müller')).toBe('muller');
    expect(normalizePersonName('ÇELIKU')).toBe('celiku');
    expect(normalizePersonName('Përparim Hoxhë')).toBe('perparim hoxhe');
    expect(normalizePersonName('François')).toBe('francois');
  });

  it('trims and folds runs of spaces, and reads hyphens and apostrophes as spaces', () => {
    expect(normalizePersonName('  van   der Berg ')).toBe('van der berg');
    expect(normalizePersonName('Krasniqi-Berisha')).toBe('krasniqi berisha');
    expect(samePersonName('Müller Çeku', 'Müller-Çeku')).toBe(true);
    expect(samePersonName('muller-ceku', 'Müller – Çeku')).toBe(true);
    expect(samePersonName("O'Brien", 'O Brien')).toBe(true);
    expect(samePersonName('D’Amico', "d'amico")).toBe(true);
  });

  it('compares equal names, never an empty one', () => {
    expect(samePersonName('gashi', 'GASHÍ')).toBe(true);
    expect(samePersonName('Gashi', 'Gashaj')).toBe(false);
    expect(samePersonName('', '')).toBe(false);
    expect(samePersonName('   ', ' ')).toBe(false);
  });
});
