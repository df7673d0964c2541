import { USER_EMAIL_TAKEN, type User, type UserCreateRequestSchema } from '@stockyard/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { stores, userStores, users } from '../../db/schema';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit';
import type { AuthContext } from '../auth/tokens';
import { revokeUserSessions } from '../auth/tokens';
import { findUsers } from './users.repository';

const USER_NOT_FOUND = 'User not found';

export async function createUser(db: Db, actorId: string, input: z.output<typeof UserCreateRequestSchema>): Promise<User> {
  // Hash before anything else, so a taken email answers after the same work as a free one.
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const found = await tx.select({ id: stores.id }).from(stores).where(inArray(stores.id, input.stores));
      if (found.length !== input.stores.length) throw new AppError('bad_request', 'The selected store does not exist.');
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email.toLowerCase(), passwordHash, role: input.role })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned no row');
      await tx.insert(userStores).values(input.stores.map((storeId, position) => ({ userId: user.id, storeId, position })));
      await recordAudit(tx, {
        actorId,
        action: 'create',
        entityType: 'user',
        entityId: user.id,
        entityName: input.name,
        storeId: input.stores[0],
        details: { email: input.email.toLowerCase(), role: input.role },
      });
      return user.id;
    });
    const {
      users: [user],
    } = await findUsers(db, { ids: [id], offset: 0 });
    if (!user) throw new Error('created user not found');
    return user;
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', USER_EMAIL_TAKEN);
    throw error;
  }
}

/** Deletes an account: its row stays for the history it signed, its sessions end now. */
export async function deleteUser(db: Db, auth: AuthContext, userId: string): Promise<void> {
  if (userId === auth.userId) throw new AppError('conflict', 'You cannot delete your own account.');
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!deleted) throw new AppError('not_found', USER_NOT_FOUND);
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'delete',
      entityType: 'user',
      entityId: userId,
      entityName: deleted.name,
      details: { email: deleted.email },
    });
  });
}

/** An admin sets another user's password; every session of that user ends. */
export async function changeUserPassword(db: Db, actorId: string, userId: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id, name: users.name });
    if (!changed) throw new AppError('not_found', USER_NOT_FOUND);
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'user',
      entityId: userId,
      entityName: changed.name,
      details: { password: 'changed' },
    });
  });
}

export { findUsers };
