// The ceiling for writes: a bare Fastify route doing the app's ledger transaction with the same driver,
// without sign-in, validation, idempotency or presenters.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openPglite, openPostgres, queryRows } from '../../server/src/db/client';

const database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL)
  : await openPglite(join(process.env.DATA_DIR as string, 'db'));
const app = Fastify();

app.post<{ Body: { productId: string; quantity: number } }>('/bare/issue', async (request, reply) => {
  const { productId, quantity } = request.body;
  const isRecorded = await database.db.transaction(async (tx) => {
    const [item] = await queryRows<{ store_id: string }>(
      tx,
      sql`update materials set consumed_quantity = consumed_quantity + ${quantity}::int, available_quantity = available_quantity - ${quantity}::int
          where id = ${productId} and available_quantity >= ${quantity}::int returning store_id`,
    );
    if (!item) return false;
    await tx.execute(
      sql`insert into movements (store_id, item_kind, item_id, kind, quantity) values (${item.store_id}, 'material', ${productId}, 'issue', ${quantity})`,
    );
    return true;
  });
  return reply.status(isRecorded ? 200 : 409).send({ ok: isRecorded });
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
