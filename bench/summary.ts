// `node bench/summary.ts`: writes bench/results/latest.md again from latest.json (after a change
// to the summary's layout, without running the bench again) and prints it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchResults, summaryMarkdown } from './report.ts';

const dir = fileURLToPath(new URL('results/', import.meta.url));
const results: BenchResults = JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8'));
const summary = summaryMarkdown(results);
writeFileSync(join(dir, 'latest.md'), summary);
console.log(summary);
