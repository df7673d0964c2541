import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { queryRows } from './sql';

export type StoredAnswer = { fingerprint: string; status_code: number; response: unknown };

/** The answer stored under a user's Idempotency-Key, if any. */
export async function findStoredAnswer(db: DbOrTx, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [stored] = await queryRows<StoredAnswer>(
    db,
    sql`select fingerprint, status_code, response from idempotency_keys where user_id = ${userId} and key = ${key}`,
  );
  return stored;
}

/**
 * Stores an answer under a user's key unless one is stored already; whether this call stored it. On
 * PostgreSQL the insert waits for a concurrent holder of the same key to finish.
 */
export async function storeAnswer(
  tx: DbOrTx,
  claim: { userId: string; key: string; fingerprint: string; status: number; body: unknown },
): Promise<boolean> {
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
        values (${claim.userId}, ${claim.key}, ${claim.fingerprint}, ${claim.status}, ${JSON.stringify(claim.body)}::jsonb)
        on conflict do nothing returning key`,
  );
  return claimed.length > 0;
}
