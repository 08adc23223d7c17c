// The import rules `npm run structure` (part of `npm test`) enforces; see docs/decisions/0013-feature-boundaries.md.
// The feature-level rule (no cycle between src/features/<name> folders) is in scripts/check-structure.ts,
// which reads the graph this configuration produces.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No two files import each other, directly or through others (type-only imports count too).',
      from: { path: '^(src|functions|db)/' },
      to: { circular: true },
    },
    {
      name: 'no-server-code-in-islands',
      severity: 'error',
      comment:
        'Islands never import *.server.ts except with `import type` (scripts/check-structure.ts follows ' +
        'the chain through the client modules they import; .astro pages render on the server and may).',
      from: { path: '^src/.+\\.tsx$', pathNot: '\\.test\\.tsx$' },
      to: { path: '\\.server\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-is-ground',
      severity: 'error',
      comment:
        'src/lib is below every feature: it imports no feature, component, page or layout (tests aside).',
      from: { path: '^src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(features|components|pages|layouts)/' },
    },
    {
      name: 'no-functions-from-src',
      severity: 'error',
      comment: 'functions/ holds entrypoints only: nothing under src/ or db/ imports them.',
      from: { path: '^(src|db)/' },
      to: { path: '^functions/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|functions|db|scripts)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
