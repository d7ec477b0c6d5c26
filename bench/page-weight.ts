// `npm run bench:pages`: gzip weight of every page of the built public site, against the budgets of
// docs/site.md; builds the site first when it is not built. Writes bench/results/page-weight.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageWeights } from '../site/page-weights.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'site', 'dist');
if (!existsSync(join(dist, 'index.html')))
  execFileSync('npm', ['run', 'build', '--workspace', 'site'], { cwd: root, stdio: 'inherit' });

const weights = pageWeights(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const kinds = [
  { name: 'home', pick: (page: string) => /^(index|de|fr|sq)\.html$/.test(page), budget: 'JS < 110 KB' },
  { name: 'flights', pick: (page: string) => /(^|\/)flights\.html$/.test(page), budget: '' },
  { name: 'login', pick: (page: string) => /(^|\/)login\.html$/.test(page), budget: '' },
  { name: 'account', pick: (page: string) => /account\/reservations\.html$/.test(page), budget: '' },
  {
    name: 'content',
    pick: (page: string) => !/^(index|de|fr|sq)\.html$|flights\.html$|login\.html$|account\//.test(page),
    budget: 'HTML+CSS < 30 KB, no JS',
  },
];
const summary = kinds.map((kind) => {
  const pages = weights.filter((weight) => kind.pick(weight.page));
  const max = (key: 'html' | 'css' | 'js') => Math.max(...pages.map((page) => page[key]));
  return {
    kind: kind.name,
    pages: pages.length,
    html: max('html'),
    css: max('css'),
    js: max('js'),
    budget: kind.budget,
  };
});
console.log('page type   pages  HTML KB  CSS KB  JS KB   budget (largest page of each type, gzip)');
for (const row of summary)
  console.log(
    `${row.kind.padEnd(11)} ${String(row.pages).padStart(5)} ${kb(row.html).padStart(8)} ${kb(row.css).padStart(7)} ${kb(row.js).padStart(6)}   ${row.budget}`,
  );
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'page-weight.json'),
  `${JSON.stringify({ summary, weights }, null, 2)}\n`,
);
