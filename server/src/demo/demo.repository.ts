import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MovementKind } from '../db/schema';
import { queryRows } from '../db/sql';
import { recordMovement } from '../features/movements/ledger.repository';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_USERS = [
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

const TODAYS_MOVEMENTS = 20;

/**
 * Three stores, a user of each role (keepers and viewers of the first store) and four months of
 * movements through the ledger itself, each dated between 124 days ago and now, never after.
 */
export async function fillDemo(db: Db, { movements = 4000, now = new Date() } = {}): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const storeIds: string[] = [];
  for (const [name, location] of STORES) {
    const [store] = await queryRows<{ id: string }>(
      db,
      sql`insert into stores (name, location, opening_hours, created_at) values (${name}, ${location}, '07:00-18:00', now() - interval '130 days') returning id`,
    );
    storeIds.push((store as { id: string }).id);
  }
  for (const user of DEMO_USERS) {
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
  // A working hour of a day in the past; today's may not have come yet, so it is never later than now.
  const at = sql`${now.toISOString()}::timestamptz`;
  const day = (daysAgo: number) =>
    sql`least(${at}, date_trunc('day', ${at}) - make_interval(days => ${daysAgo}::int) + make_interval(hours => ${8 + Math.floor(Math.random() * 9)}::int))`;
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
    for (let n = 0; n < movements; n += 1) {
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
        // The last few are today's, so the dashboard shows a day under way.
        occurredAt: day(n >= movements - TODAYS_MOVEMENTS ? 0 : Math.floor(Math.random() * 120)),
        supplier: kind === 'delivery' ? 'Lafarge Distributors' : null,
        reason: kind === 'damage' ? 'Broken on site' : null,
      });
    }
  });
}
