import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canAccessStore } from '../auth/auth.policy';
import type { AuthContext } from '../auth/tokens';

/**
 * The store a new item or stock entry goes to: the one named, which must be the caller's, or a
 * keeper's active store (the first assigned). An admin must name it.
 */
export async function resolveTargetStore(db: DbOrTx, auth: AuthContext, storeId: string | undefined): Promise<string> {
  const target = storeId ?? (auth.role === 'admin' ? undefined : auth.stores[0]);
  if (!target) {
    throw new AppError('bad_request', auth.role === 'admin' ? 'Please choose a store.' : 'You are not assigned to a store.');
  }
  if (!canAccessStore(auth, target)) throw new AppError('forbidden', 'You do not have access to this store.');
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, target));
  if (!store) throw new AppError('not_found', 'Store not found');
  return target;
}
