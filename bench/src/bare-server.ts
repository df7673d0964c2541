// The ceilings: bare Fastify routes doing the app's ledger transaction, and the app's list queries,
// with the same driver, without sign-in, validation, idempotency or presenters.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';

const database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL)
  : await openPglite(join(process.env.DATA_DIR as string, 'db'));
const app = Fastify();

app.post<{ Body: { productId: string; quantity: number } }>('/bare/issue', async (request, reply) => {
  const { productId, quantity } = request.body;
  // The value the units take, as the app's statement computes it: at the average, the last unit the rest.
  const taken = sql`(case when available_quantity = ${quantity}::numeric then stock_value
                          else round(${quantity}::numeric * stock_value / available_quantity, 2) end)`;
  const isRecorded = await database.db.transaction(async (tx) => {
    const [item] = await queryRows<{ store_id: string; last_movement_value: string }>(
      tx,
      sql`update materials set consumed_quantity = consumed_quantity + ${quantity}::numeric, available_quantity = available_quantity - ${quantity}::numeric,
                 last_movement_value = -${taken}, stock_value = stock_value - ${taken},
                 average_cost = case when available_quantity > ${quantity}::numeric then round((stock_value - ${taken}) / (available_quantity - ${quantity}::numeric), 4)
                                     else round(stock_value / available_quantity, 4) end
          where id = ${productId} and available_quantity >= ${quantity}::numeric returning store_id, last_movement_value`,
    );
    if (!item) return false;
    await tx.execute(
      sql`insert into movements (store_id, item_kind, item_id, kind, quantity, value, unit_cost)
          values (${item.store_id}, 'material', ${productId}, 'issue', ${quantity}, ${item.last_movement_value}::numeric,
                  round(abs(${item.last_movement_value}::numeric) / ${quantity}::numeric, 4))`,
    );
    return true;
  });
  return reply.status(isRecorded ? 200 : 409).send({ ok: isRecorded });
});

// The Material List's queries for one store: a page of 50 with its total looked up in the same
// statement, or a search, counted apart only when it fills the page.
app.get<{ Querystring: { storeId: string; q?: string } }>('/bare/list', async (request) => {
  const { storeId, q } = request.query;
  // As the app searches: the text anywhere in the name fields, or a label's code exactly.
  const search = q
    ? sql`and ((m.name || ' ' || m.category_name || ' ' || m.material_name) ilike ${`%${q}%`} or m.code = ${q.trim().toUpperCase()})`
    : sql``;
  const total = q ? sql`null::int` : sql`(select live from item_counts where store_id = ${storeId} and item_kind = 'material')`;
  const rows = await queryRows<{ page_total: number | null }>(
    database.db,
    sql`select m.*, s.name as store_name, ${total} as page_total from materials m join stores s on s.id = m.store_id
        where m.deleted_at is null and m.store_id = ${storeId} ${search}
        order by m.created_at desc nulls last, m.id limit 50`,
  );
  if (!q) return { rows, total: rows[0]?.page_total ?? 0 };
  if (rows.length < 50) return { rows, total: rows.length };
  const [count] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from materials m where m.deleted_at is null and m.store_id = ${storeId} ${search}`,
  );
  return { rows, total: count?.n };
});

app.get('/bare/health', async () => ({ ok: true }));

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
