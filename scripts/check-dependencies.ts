// `npm run check:dependencies`: the API's module boundaries (docs/architecture.md). The file rules
// (a module's repository is its own, bench/ uses the API's exports, API tests leave bench/ alone)
// are dependency-cruiser's, in .dependency-cruiser.cjs. The module rule (no cycle between the API's
// modules) is checked here on dependency-cruiser's graph, folded to one node per module: its folder
// rules treat a module's subfolders as folders of their own and miss cycles through them.
// `--graph` prints the module graph as mermaid for the docs.
import { cruise, format, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const MODULE = /^packages\/api\/src\/modules\/([^/]+)\//;
/** Tests may reach across modules to set a scene; the rule is about the code that runs. */
const TEST = /\.(test|pg-test)\.tsx?$|\/test\//;

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const cruised = await cruise(['packages/api/src', 'bench'], {
  ...options,
  validate: true,
  outputType: 'json',
});
const result: ICruiseResult =
  typeof cruised.output === 'string' ? JSON.parse(cruised.output) : (cruised.output as ICruiseResult);

/** Which module imports which, from the files that are not tests. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from || TEST.test(file.source)) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The groups of modules that reach each other (Tarjan's strongly connected components, size > 1). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const graph = moduleGraph();
if (process.argv.includes('--graph')) {
  const lines = [...graph.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([from, targets]) => [...targets].sort().map((to) => `  ${from} --> ${to}`));
  console.log(['graph LR', ...lines].join('\n'));
  process.exit(0);
}

const fileRules = await format(result, { outputType: 'err' });
const moduleCycles = cycles(graph);
let failed = cruised.exitCode !== 0;
if (fileRules.exitCode !== 0) {
  failed = true;
  process.stdout.write(String(fileRules.output));
}
for (const group of moduleCycles) {
  failed = true;
  const edges = group.flatMap((from) =>
    [...(graph.get(from) ?? [])].filter((to) => group.includes(to)).map((to) => `${from} → ${to}`),
  );
  console.log(`  error no-module-cycle: ${group.join(', ')} reach each other (${edges.join('; ')})`);
}
if (!failed)
  console.log(`✔ module boundaries: ${graph.size} API modules, no cycle, no reach into a repository`);
process.exit(failed ? 1 : 0);
