import { describe, expect, it } from 'vitest';
import { readFee } from './CancelDialog.tsx';
import { splitProblem } from './split-rules.ts';

const adult = (id: number) => ({ id, ageType: 'adult' as const });
const infant = (id: number) => ({ id, ageType: 'infant' as const });
const child = (id: number) => ({ id, ageType: 'child' as const });

describe('the split popup (spec 02 §5)', () => {
  it('refuses a reservation of one passenger before anything else', () => {
    expect(splitProblem([adult(1)], null)).toBe('onePassenger');
    expect(splitProblem([adult(1)], 1)).toBe('onePassenger');
  });

  it('needs a chosen passenger of the reservation', () => {
    expect(splitProblem([adult(1), adult(2)], null)).toBe('noPassenger');
    expect(splitProblem([adult(1), adult(2)], 9)).toBe('noPassenger');
  });

  it('keeps infants with adults on both sides', () => {
    expect(splitProblem([adult(1), infant(2)], 2)).toBe('infants');
    expect(splitProblem([adult(1), infant(2)], 1)).toBe('infants');
    expect(splitProblem([adult(1), adult(2), infant(3)], 2)).toBeNull();
    expect(splitProblem([adult(1), child(2)], 2)).toBeNull();
  });
});

describe('the cancellation fee', () => {
  it('reads an empty field as no fee and takes CHF with up to two decimals', () => {
    expect(readFee('')).toBe(0);
    expect(readFee('50')).toBe(50);
    expect(readFee('12,5')).toBe(12.5);
    expect(readFee('0.05')).toBe(0.05);
  });

  it('refuses negative, over-precise, non-numeric and too large fees', () => {
    expect(readFee('-1')).toBeNull();
    expect(readFee('1.005')).toBeNull();
    expect(readFee('abc')).toBeNull();
    expect(readFee('1000000.01')).toBeNull();
  });
});
