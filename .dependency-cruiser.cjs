/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-repository-is-private',
      severity: 'error',
      from: { path: '^packages/api/src/modules/([^/]+)/' },
      to: {
        path: '^packages/api/src/modules/[^/]+/.*[.]repository[.]ts$',
        pathNot: '^packages/api/src/modules/$1/',
      },
    },
    {
      name: 'bench-uses-api-exports',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^packages/api/' },
    },
    {
      name: 'api-tests-not-from-bench',
      severity: 'error',
      from: { path: '^packages/api/' },
      to: { path: '^bench/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(packages/api/src|bench)/',
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
