// The API's module boundaries (docs/architecture.md), checked by `npm run check:dependencies`
// (scripts/check-dependencies.ts, which also forbids cycles between the API's modules).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-repository-is-private',
      comment:
        "A module's repository is its own: another module asks the owner's service (or a file " +
        'of it that is not a repository), which decides what it lends out.',
      severity: 'error',
      from: { path: '^packages/api/src/modules/([^/]+)/' },
      to: {
        path: '^packages/api/src/modules/[^/]+/.*[.]repository[.]ts$',
        pathNot: '^packages/api/src/modules/$1/',
      },
    },
    {
      name: 'platform-below-modules',
      comment: 'The platform (db, http, platform) serves every module and knows none of them.',
      severity: 'error',
      from: { path: '^packages/api/src/(db|http|platform)/' },
      to: { path: '^packages/api/src/modules/' },
    },
    {
      name: 'bench-uses-api-exports',
      comment: 'The bench uses the API as a package: `@flybook/api` and `@flybook/api/testing` only.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^packages/api/', pathNot: '^packages/api/src/(index|testing)[.]ts$' },
    },
    {
      name: 'bench-imports-api-by-name',
      comment: 'By the package name, not by a relative path into packages/api.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^packages/api/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'api-tests-not-from-bench',
      comment: "The API's tests stand on the API alone; what both need lives in the API.",
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
