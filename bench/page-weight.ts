// `npm run bench:pages`: gzip weight of every page of the built public site, against the budgets of
// docs/site.md; builds the site first when it is not built. Writes bench/results/page-weight.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageTypeSummary, pageWeights } from '../site/page-weights.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'site', 'dist');
if (!existsSync(join(dist, 'index.html')))
  execFileSync('npm', ['run', 'build', '--workspace', 'site'], { cwd: root, stdio: 'inherit' });

const weights = pageWeights(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const summary = pageTypeSummary(dist);
console.log('page type           pages  HTML KB  CSS KB  JS KB   budget (largest page of each type, gzip)');
for (const row of summary)
  console.log(
    `${row.kind.padEnd(19)} ${String(row.pages).padStart(5)} ${kb(row.html).padStart(8)} ${kb(row.css).padStart(7)} ${kb(row.js).padStart(6)}   ${row.budget}`,
  );
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'page-weight.json'),
  `${JSON.stringify({ summary, weights }, null, 2)}\n`,
);
