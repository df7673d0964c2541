// `npm run demo`: Stockyard on its own data folder (./demo-data), filled with three stores, a user of
// each role and four months of movements, then started like `npm start`.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { lockDataDir, openDataDir } from '../server/src/db/data-dir';
import { migrate } from '../server/src/db/migrate';
import type { MovementKind } from '../server/src/db/schema';
import { queryRows } from '../server/src/db/sql';
import { recordMovement } from '../server/src/features/movements/ledger.repository';
import { hashPassword } from '../server/src/lib/passwords';

const dataDir = resolve(process.env.DEMO_DATA_DIR ?? 'demo-data');
const PASSWORD = 'demo-password';
const USERS = [
  { name: 'Asha Admin', email: 'admin@demo.example', role: 'admin' },
  { name: 'Kofi Keeper', email: 'keeper@demo.example', role: 'user' },
  { name: 'Uma Viewer', email: 'viewer@demo.example', role: 'store-user' },
  { name: 'Mona Manager', email: 'manager@demo.example', role: 'manager' },
] as const;
const STORES = [
  ['Riverside Tower site store', 'Plot 14, Riverside Road'],
  ['Hill Road bridge store', 'Hill Road km 3'],
  ['Central warehouse yard', 'Industrial Area, Gate 2'],
];
const MATERIALS: [string, string, string, string, string][] = [
  ['Cement OPC 53', 'Binders', 'OPC', '50 kg', 'bag'],
  ['Cement PPC', 'Binders', 'PPC', '50 kg', 'bag'],
  ['River sand', 'Aggregates', 'Sand', 'fine', 'm3'],
  ['Crushed stone 20 mm', 'Aggregates', 'Granite', '20 mm', 'm3'],
  ['Crushed stone 10 mm', 'Aggregates', 'Granite', '10 mm', 'm3'],
  ['TMT bar 12 mm', 'Steel', 'Fe 500D', '12 mm', 'kg'],
  ['TMT bar 16 mm', 'Steel', 'Fe 500D', '16 mm', 'kg'],
  ['Binding wire', 'Steel', 'GI', '18 gauge', 'kg'],
  ['Red bricks', 'Masonry', 'Clay', '230×110×75', 'piece'],
  ['AAC blocks', 'Masonry', 'AAC', '600×200×150', 'piece'],
  ['Shuttering plywood', 'Timber', 'Plywood', '12 mm', 'sheet'],
  ['PVC pipe 110 mm', 'Plumbing', 'PVC', '110 mm', 'length'],
  ['Waterproofing compound', 'Chemicals', 'Acrylic', '20 L', 'can'],
  ['Exterior emulsion', 'Finishes', 'Acrylic', '20 L', 'bucket'],
];
const TOOLS: [string, number][] = [
  ['Hammer drill', 4],
  ['Angle grinder', 6],
  ['Concrete vibrator', 3],
  ['Spirit level 1.2 m', 10],
  ['Wheelbarrow', 12],
  ['Safety harness', 20],
];

async function fill(): Promise<void> {
  const release = lockDataDir(dataDir);
  const database = await openDataDir(dataDir, console.log);
  try {
    await migrate(database);
    const db = database.db;
    const hash = await hashPassword(PASSWORD);
    const storeIds: string[] = [];
    for (const [name, location] of STORES) {
      const [store] = await queryRows<{ id: string }>(
        db,
        sql`insert into stores (name, location, opening_hours, created_at) values (${name}, ${location}, '07:00-18:00', now() - interval '130 days') returning id`,
      );
      storeIds.push((store as { id: string }).id);
    }
    for (const user of USERS) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (name, email, password_hash, role) values (${user.name}, ${user.email}, ${hash}, ${user.role}) returning id`,
      );
      if (user.role !== 'admin')
        await db.execute(sql`insert into user_stores (user_id, store_id) values (${(row as { id: string }).id}, ${storeIds[0]})`);
    }
    const [keeper] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'keeper@demo.example'`);
    const actorId = keeper?.id ?? null;
    const items: { id: string; kind: 'material' | 'tool'; opening: number }[] = [];
    for (const storeId of storeIds) {
      for (const [name, category, material, size, unit] of MATERIALS) {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into materials (store_id, name, category_name, material_name, size, unit, created_at)
              values (${storeId}, ${name}, ${category}, ${material}, ${size}, ${unit}, now() - interval '125 days') returning id`,
        );
        items.push({ id: (row as { id: string }).id, kind: 'material', opening: 200 + Math.floor(Math.random() * 800) });
      }
      for (const [name, count] of TOOLS) {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into tools (store_id, name, created_at) values (${storeId}, ${name}, now() - interval '125 days') returning id`,
        );
        items.push({ id: (row as { id: string }).id, kind: 'tool', opening: count });
      }
    }
    // Openings, then four months of site life through the ledger itself (refusals simply record nothing).
    const day = (daysAgo: number) =>
      sql`now() - make_interval(days => ${daysAgo}::int) + make_interval(hours => ${8 + Math.floor(Math.random() * 9)}::int)`;
    await db.transaction(async (tx) => {
      for (const item of items) {
        await recordMovement(tx, {
          itemKind: item.kind,
          itemId: item.id,
          storeIds: null,
          kind: 'opening',
          quantity: item.opening,
          actorId,
          occurredAt: day(124),
        });
      }
      for (let n = 0; n < 4000; n += 1) {
        const item = items[Math.floor(Math.random() ** 2 * items.length)] as (typeof items)[number];
        const roll = Math.random();
        const kind: MovementKind =
          item.kind === 'tool'
            ? roll < 0.55
              ? 'issue'
              : roll < 0.95
                ? 'return'
                : 'damage'
            : roll < 0.12
              ? 'purchase'
              : roll < 0.2
                ? 'transfer_in'
                : roll < 0.26
                  ? 'delivery'
                  : roll < 0.85
                    ? 'issue'
                    : roll < 0.95
                      ? 'return'
                      : 'damage';
        const quantity =
          kind === 'purchase' || kind === 'transfer_in' || kind === 'delivery'
            ? 50 + Math.floor(Math.random() * 200)
            : 1 + Math.floor(Math.random() * (item.kind === 'tool' ? 2 : 25));
        await recordMovement(tx, {
          itemKind: item.kind,
          itemId: item.id,
          storeIds: null,
          kind,
          quantity,
          actorId,
          occurredAt: day(Math.floor(Math.random() * 120)),
          supplier: kind === 'delivery' ? 'Lafarge Distributors' : null,
          reason: kind === 'damage' ? 'Broken on site' : null,
        });
      }
    });
    console.log(`Demo data: ${STORES.length} stores, ${items.length} materials and tools, four months of movements.`);
  } finally {
    await database.close();
    release();
  }
}

if (!existsSync(join(dataDir, 'db'))) await fill();
console.log(`\nDemo accounts (password "${PASSWORD}" for each):`);
for (const user of USERS) console.log(`  ${user.role.padEnd(10)} ${user.email}`);
console.log('');
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = '';
// A trial: the demo admin signs in by password alone (REQUIRE_ADMIN_MFA=true to try two-step sign-in).
process.env.REQUIRE_ADMIN_MFA ??= 'false';
await import(pathToFileURL(resolve('server/dist/main.js')).href);
