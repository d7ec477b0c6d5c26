// The growth of the back office's lists with history (`npm run bench:scale`): each list's p95 for
// one user at 1× and at 10×, their ratio, and the targets of issue 29 judged on them. Pure: the
// figures in, the JSON fields and the markdown table out (tested in bench/growth.test.ts).

/** One list at one volume: one user's latencies over the run. */
export interface ListRun {
  scenario: string;
  url: string;
  requests: number;
  p50: number;
  p95: number;
  /** Rows the list says match (its `total`), so a reader sees what the list had to count. */
  total: number | null;
}

/** `growth` in bench/results/latest.json: the names the issue asks for. */
export interface Growth {
  scenario: string;
  p95At1x: number;
  p95At10x: number;
  ratio: number;
}

/** At 10×, one user's p95 at most this (ms), and at most this many times the 1× figure. */
export const GROWTH_TARGETS = { p95At10xMs: 50, ratio: 1.5 } as const;

/** The growth of each list measured at both volumes, in the order of the 1× runs. */
export function growthOf(at1x: ListRun[], at10x: ListRun[]): Growth[] {
  return at1x.flatMap((small) => {
    const large = at10x.find((run) => run.scenario === small.scenario);
    if (!large) return [];
    return [
      {
        scenario: small.scenario,
        p95At1x: small.p95,
        p95At10x: large.p95,
        ratio: Math.round((large.p95 / Math.max(small.p95, 0.01)) * 100) / 100,
      },
    ];
  });
}

/** Whether a list stays flat: fast enough at 10× and grown no more than the target. */
export const isFlat = (growth: Growth) =>
  growth.p95At10x <= GROWTH_TARGETS.p95At10xMs && growth.ratio <= GROWTH_TARGETS.ratio;

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/** The markdown section bench:scale writes into latest.md. */
export function growthMarkdown(input: {
  timestamp: string;
  commit: string | null;
  volumes: { scale: number; reservations: number; balanceLogRecords: number; historyDays: number }[];
  runs: { scale: number; lists: ListRun[] }[];
  growth: Growth[];
}): string {
  const totalOf = (scale: number, scenario: string) =>
    input.runs.find((run) => run.scale === scale)?.lists.find((list) => list.scenario === scenario)?.total;
  const lines = [
    `## Growth with history (bench:scale, ${input.timestamp.slice(0, 16).replace('T', ' ')} UTC${input.commit ? `, ${input.commit}` : ''})`,
    '',
    ...input.volumes.map(
      (volume) =>
        `- ${volume.scale}×: ${thousands(volume.reservations)} reservations, ${thousands(volume.balanceLogRecords)} balance-log records, ${volume.historyDays} days of departed flights before the season.`,
    ),
    '',
    `One user at a time; target at 10×: p95 ≤ ${GROWTH_TARGETS.p95At10xMs} ms and at most ${GROWTH_TARGETS.ratio}× the 1× figure.`,
    '',
    '| list | p95 at 1× ms | p95 at 10× ms | ratio | rows at 1× | rows at 10× | flat |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...input.growth.map((row) => {
      const small = totalOf(1, row.scenario);
      const large = totalOf(10, row.scenario);
      return `| ${row.scenario} | ${row.p95At1x} | ${row.p95At10x} | ${row.ratio} | ${small == null ? '—' : thousands(small)} | ${large == null ? '—' : thousands(large)} | ${isFlat(row) ? 'yes' : 'no'} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** latest.md with its growth section replaced (or added at the end). */
export function withGrowthSection(markdown: string, section: string): string {
  const start = markdown.indexOf('## Growth with history');
  const kept = start === -1 ? markdown.trimEnd() : markdown.slice(0, start).trimEnd();
  return kept ? `${kept}\n\n${section}` : section;
}
