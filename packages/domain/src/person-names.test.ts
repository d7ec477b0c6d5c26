import { describe, expect, it } from 'vitest';
import { normalizePersonName, samePersonName } from './person-names.ts';

describe('normalizePersonName', () => {
  it('drops accents and case so a name typed without them matches', () => {
    expect(normalizePersonName('Müller')).toBe('muller');
    expect(normalizePersonName('ÇELIKU')).toBe('celiku');
    expect(normalizePersonName('Përparim Hoxhë')).toBe('perparim hoxhe');
    expect(normalizePersonName('François')).toBe('francois');
  });

  it('trims and folds runs of spaces, keeps hyphens', () => {
    expect(normalizePersonName('  van   der Berg ')).toBe('van der berg');
    expect(normalizePersonName('Krasniqi-Berisha')).toBe('krasniqi-berisha');
  });

  it('compares equal names, never an empty one', () => {
    expect(samePersonName('gashi', 'GASHÍ')).toBe(true);
    expect(samePersonName('Gashi', 'Gashaj')).toBe(false);
    expect(samePersonName('', '')).toBe(false);
    expect(samePersonName('   ', ' ')).toBe(false);
  });
});
