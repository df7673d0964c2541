// Import boundaries of the code, checked by `npm run lint` (scripts/boundaries.test.ts proves each
// rule fires on a deliberately bad file). Paths are the resolved files, so a rule holds whatever
// relative path an import takes.
const SERVER_FEATURE = '^server/src/features/([^/]+)/';
const WEB_FEATURE = '^web/src/features/([^/]+)/';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-through-service',
      comment: 'A server feature reaches another feature through its service only: never its repository, routes, presenter or policy.',
      severity: 'error',
      from: { path: SERVER_FEATURE },
      to: { path: '^server/src/features/[^/]+/.+\\.(repository|routes|presenter|policy)\\.ts$', pathNot: '^server/src/features/$1/' },
    },
    {
      name: 'route-without-repository',
      comment: 'A route calls a service; the SQL behind it is the service’s business.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'route-without-transaction',
      comment: 'A route hands its service the database and the request key (lib/request-key); the service opens the transaction.',
      severity: 'error',
      from: { path: ['\\.routes\\.ts$', '^server/src/lib/stock-routes\\.ts$'] },
      to: { path: ['^server/src/lib/transaction\\.ts$', '^server/src/lib/idempotency\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'drizzle-in-repositories',
      comment: 'drizzle-orm (SQL) is used in repositories and server/src/db only; tests may read the database with it.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['\\.repository\\.ts$', '^server/src/db/', TEST_FILE] },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'server-lib-without-features',
      comment: 'server/src/lib holds what features share; it imports no feature.',
      severity: 'error',
      from: { path: '^server/src/lib/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'db-without-features',
      comment: 'server/src/db is the database layer: it imports no feature and none of the HTTP helpers.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: {
        path: ['^server/src/features/', '^server/src/lib/auth/', '^server/src/lib/idempotency\\.ts$', '^server/src/lib/stock-routes\\.ts$'],
      },
    },
    {
      name: 'web-feature-through-index',
      comment: 'A web feature uses another feature through that feature’s index.ts only.',
      severity: 'error',
      from: { path: WEB_FEATURE },
      to: { path: '^web/src/features/[^/]+/', pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-lib-without-features',
      comment: 'web/src/lib holds what features share; it imports no feature.',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-without-server',
      comment: 'The web app talks to the server through HTTP and the contract only; it never imports server code.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'contract-only-zod',
      comment: 'The contract imports only zod and its own files, so both sides can load it.',
      severity: 'error',
      from: { path: '^contract/src/', pathNot: TEST_FILE },
      to: { pathNot: ['^contract/src/', '(^|/)node_modules/zod/'] },
    },
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
