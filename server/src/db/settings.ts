import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

/**
 * A setting kept in the database, created with `initial` on first use; processes that start at once
 * on one database all read the one value that was stored first.
 */
export async function findOrKeepSetting(db: Db, key: string, initial: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: initial() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}
