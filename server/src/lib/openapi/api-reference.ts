import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The groups of the API reference, one a feature, in the order a reader meets them. */
export const API_TAGS = [
  { name: 'auth', description: 'Signing in and out, the first admin, a second factor, changing a password.' },
  { name: 'sessions', description: 'The devices a person is signed in on, and signing them out.' },
  {
    name: 'tokens',
    description:
      'Personal API tokens for scripts and other systems. Send one as `Authorization: Bearer sy_…`. A `read` token may only read; a `full` token has its owner’s rights. No token may manage sign-in, sessions or tokens.',
  },
  { name: 'users', description: 'People, their roles and their stores.' },
  { name: 'stores', description: 'Stores, their keepers and their closed books.' },
  { name: 'materials', description: 'Materials of a store and their stock counters.' },
  { name: 'tools', description: 'Tools of a store and their stock counters.' },
  { name: 'stock', description: 'Movements of a material or tool: purchases, issues, returns, damage.' },
  {
    name: 'movements',
    description:
      'The ledger. `GET /api/movements?after=` reads it in commit order by a stable cursor, for integrations (docs/DEPLOYMENT.md).',
  },
  {
    name: 'imports',
    description: 'Materials and tools from a spreadsheet (CSV or XLSX): a template, a preview, an all-or-nothing import.',
  },
  { name: 'deliveries', description: 'Supplier deliveries into a store.' },
  { name: 'counts', description: 'Stock counts that post their differences.' },
  { name: 'custody', description: 'Workers, and the tools each holds.' },
  {
    name: 'tool units',
    description:
      'Tools tracked by serial number: each unit with its label and history, service plans that hold a due, overdue or failed unit back from every check-out and issue (409 `service_due`), the service-due list, and the qualifications a worker must hold.',
  },
  { name: 'replenishment', description: 'Reorder points, low stock and notifications.' },
  { name: 'stock requests', description: 'A keeper’s request for stock from the warehouse, and its approval.' },
  { name: 'transfers', description: 'Transfers between stores: dispatch, in transit, receipt.' },
  { name: 'sync', description: 'Movements a phone queued offline, and those parked for a person to look at.' },
  { name: 'labels', description: 'QR labels and scanning.' },
  {
    name: 'files',
    description:
      'Photos and documents kept as proof (JPEG, PNG, WebP, PDF; 10 MB at most), once per content: the same bytes are the same file. A file is shown only to whoever uploaded it.',
  },
  {
    name: 'exceptions',
    description:
      'Movements recorded outside their store’s geofence (beyond its radius plus the location’s accuracy): accepted, and listed here.',
  },
  { name: 'reports', description: 'Store reports as JSON, CSV and PDF, and the dashboard’s figures.' },
  {
    name: 'valuation',
    description: 'What stock is worth: values per store as of any day (sums of the ledger’s values), and revaluing a store’s stock.',
  },
  {
    name: 'journal',
    description:
      'The accounting journal of a period (admins): balanced double entries of every valued ledger line and approved invoice, as CSV or XLSX, per line or summed per day, to the accounts set in `/api/settings/accounts`.',
  },
  {
    name: 'webhooks',
    description:
      'Addresses told of what happened (movements, deliveries, transfers, counts, low stock, overdue custody, order receipts), each event signed with `Stockyard-Signature: t=…,v1=…` (HMAC-SHA256 of "t.body"), retried for a day, in order per item (docs/DEPLOYMENT.md).',
  },
  { name: 'jobs', description: 'Jobs that issued materials are charged to, cost codes, and what each job cost.' },
  { name: 'suppliers', description: 'Suppliers the company buys from, and the price list of each (admins keep them, keepers read them).' },
  {
    name: 'supplier-invoices',
    description:
      "Suppliers' invoices, each line matched against its order line (price) and what arrived less returns and approved invoices (quantity); approval, and what arrived but was not invoiced (admins).",
  },
  {
    name: 'purchase-orders',
    description:
      "Orders to suppliers (PO-000123), sent, cancelled or closed short, and the receipts of what arrived against them, damaged included, each entering the store as a delivery at the order's cost.",
  },
  {
    name: 'settings',
    description: 'The company’s settings: its currency, who may order from suppliers, and the tolerances of receipts and invoices.',
  },
  { name: 'audit', description: 'Who changed what.' },
  { name: 'health', description: 'Whether the server and its database answer.' },
];

/** The app's own mark (web/public/favicon.svg) heads the page, linking back to the app. */
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40"><title>Stockyard</title><rect width="32" height="32" rx="6" fill="#1c3d6e"/><path d="M6 24V12l10-6 10 6v12h-5v-8H11v8z" fill="#f5b400"/></svg>';

/** Where the interactive reference lives: pages under /api, served with the app's page headers. */
export const API_REFERENCE_PATH = '/api/docs';

/**
 * The interactive reference at /api/docs (Swagger UI, its scripts served from here so the app's CSP
 * holds) and the OpenAPI document at /api/openapi.json.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    logo: { type: 'image/svg+xml', content: LOGO, href: '/', target: '_self' },
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
