// The growth figures of bench:scale: the fields the issue names, the ratio, the flat verdict and
// the latest.md section, on made-up runs (no timing is measured in `npm test`).
import { describe, expect, it } from 'vitest';
import { growthMarkdown, growthOf, isFlat, type ListRun, withGrowthSection } from './growth.ts';

const run = (scenario: string, p95: number, total: number): ListRun => ({
  scenario,
  url: `/api/v1/${scenario}`,
  requests: 100,
  p50: p95 / 2,
  p95,
  total,
});

describe('list growth with history', () => {
  const at1x = [run('reservation list', 8, 1900), run('entity log', 4, 120_000), run('flight list', 3, 700)];
  const at10x = [run('reservation list', 10, 1900), run('entity log', 40, 1_200_000)];
  const growth = growthOf(at1x, at10x);

  it('pairs each list at 1× with itself at 10× under the names of bench/results/latest.json', () => {
    expect(growth).toEqual([
      { scenario: 'reservation list', p95At1x: 8, p95At10x: 10, ratio: 1.25 },
      { scenario: 'entity log', p95At1x: 4, p95At10x: 40, ratio: 10 },
    ]);
  });

  it('calls a list flat only when it is fast at 10× and grew at most 1.5×', () => {
    expect(growth.map(isFlat)).toEqual([true, false]);
    expect(isFlat({ scenario: 'slow but flat', p95At1x: 60, p95At10x: 61, ratio: 1.02 })).toBe(false);
  });

  it('writes one growth section into latest.md, replacing the previous one', () => {
    const section = growthMarkdown({
      timestamp: '2026-11-27T17:00:00.000Z',
      commit: 'abc1234',
      volumes: [
        { scale: 1, reservations: 20_000, balanceLogRecords: 100_000, historyDays: 0 },
        { scale: 10, reservations: 200_000, balanceLogRecords: 1_000_000, historyDays: 420 },
      ],
      runs: [
        { scale: 1, lists: at1x },
        { scale: 10, lists: at10x },
      ],
      growth,
    });
    expect(section).toContain('| reservation list | 8 | 10 | 1.25 | 1,900 | 1,900 | yes |');
    expect(section).toContain('| entity log | 4 | 40 | 10 | 120,000 | 1,200,000 | no |');
    expect(section).toContain('10×: 200,000 reservations, 1,000,000 balance-log records, 420 days');
    const once = withGrowthSection('# Flybook bench\n\nfigures\n', section);
    expect(withGrowthSection(once, section)).toBe(once);
    expect(once.startsWith('# Flybook bench\n\nfigures\n\n## Growth with history')).toBe(true);
    expect(withGrowthSection('', section)).toBe(section);
  });
});
