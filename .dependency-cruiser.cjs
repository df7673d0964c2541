// Import boundaries of the code, checked by `npm run lint` (scripts/boundaries.test.ts proves each
// rule fires on a deliberately bad file). Paths are the resolved files, so a rule holds whatever
// relative path an import takes.
const SERVER_FEATURE = '^server/src/features/([^/]+)/';
const WEB_FEATURE = '^web/src/features/([^/]+)/';
const TEST_FILE = '\\.test\\.tsx?$';

/** A rule that fails the lint: imports from `from` to `to` are not allowed, for the reason given. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: 'error', from, to };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'feature-through-service',
      'A server feature reaches another feature through its service only: never its repository, routes, presenter or policy.',
      { path: SERVER_FEATURE },
      { path: '^server/src/features/[^/]+/.+\\.(repository|routes|presenter|policy)\\.ts$', pathNot: '^server/src/features/$1/' },
    ),
    forbid(
      'route-without-repository',
      'A route calls a service; the SQL behind it is the service’s business.',
      { path: '\\.routes\\.ts$' },
      { path: '\\.repository\\.ts$' },
    ),
    forbid(
      'route-without-transaction',
      'A route hands its service the database and the request key (lib/request-key); the service opens the transaction.',
      { path: ['\\.routes\\.ts$', '^server/src/lib/stock-routes\\.ts$'] },
      { path: ['^server/src/lib/transaction\\.ts$', '^server/src/lib/idempotency\\.ts$'], dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'drizzle-in-repositories',
      'drizzle-orm (SQL) is used in repositories and server/src/db only; tests may read the database with it.',
      { path: '^server/src/', pathNot: ['\\.repository\\.ts$', '^server/src/db/', TEST_FILE] },
      { path: '(^|/)node_modules/drizzle-orm/' },
    ),
    forbid(
      'server-lib-without-features',
      'server/src/lib holds what features share; it imports no feature.',
      { path: '^server/src/lib/' },
      { path: '^server/src/features/' },
    ),
    forbid(
      'db-without-features',
      'server/src/db is the database layer: it imports no feature and none of the HTTP helpers.',
      { path: '^server/src/db/' },
      {
        path: ['^server/src/features/', '^server/src/lib/auth/', '^server/src/lib/idempotency\\.ts$', '^server/src/lib/stock-routes\\.ts$'],
      },
    ),
    forbid(
      'web-feature-through-index',
      'A web feature uses another feature through that feature’s index.ts only.',
      { path: WEB_FEATURE },
      { path: '^web/src/features/[^/]+/', pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'] },
    ),
    forbid(
      'web-lib-without-features',
      'web/src/lib holds what features share; it imports no feature.',
      { path: '^web/src/lib/' },
      { path: '^web/src/features/' },
    ),
    forbid(
      'web-without-server',
      'The web app talks to the server through HTTP and the contract only; it never imports server code.',
      { path: '^web/' },
      { path: '^server/' },
    ),
    forbid(
      'contract-only-zod',
      'The contract imports only zod and its own files, so both sides can load it.',
      { path: '^contract/src/', pathNot: TEST_FILE },
      { pathNot: ['^contract/src/', '(^|/)node_modules/zod/'] },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
