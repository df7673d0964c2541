import { randomBytes } from 'node:crypto';
import {
  type ListQuery,
  OWN_PASSWORD_NEEDS_CURRENT,
  USER_CANNOT_DELETE_SELF,
  USER_CREATED,
  USER_DELETED,
  USER_EMAIL_TAKEN,
  USER_NOT_FOUND,
  USER_STORE_NOT_FOUND,
  type User,
  type UserCreateRequestSchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { type AuthContext, revokeUserSessions } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { assertUncommonPassword, hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { presentUser } from './users.presenter';
import { countStores, findUserName, findUserRows, hasLiveAdmin, insertFirstAdmin, insertUser, updateLiveUser } from './users.repository';

/** Live users matching `q` on name, email or role, newest first, a page at a time. */
export async function listUsers(db: DbOrTx, query: ListQuery) {
  const { rows, total } = await findUserRows(db, query);
  return { users: rows.map(presentUser), total };
}

/** Creates a user, idempotently: a repeat of the request (its Idempotency-Key) answers the first user, not "taken". */
export async function createUser(db: Db, actorId: string, input: z.output<typeof UserCreateRequestSchema>, requestKey?: RequestKey) {
  // Hash before anything else, so a taken email answers after the same work as a free one.
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 201 as const,
    body: { message: USER_CREATED, user: await createUserIn(tx, actorId, input, passwordHash) },
  }));
}

async function createUserIn(tx: Tx, actorId: string, input: z.output<typeof UserCreateRequestSchema>, passwordHash: string): Promise<User> {
  const email = input.email.toLowerCase();
  if ((await countStores(tx, input.stores)) !== input.stores.length) throw new AppError('bad_request', USER_STORE_NOT_FOUND);
  let userId: string;
  try {
    userId = await insertUser(tx, { name: input.name, email, passwordHash, role: input.role, stores: input.stores });
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', USER_EMAIL_TAKEN);
    throw error;
  }
  await recordAudit(tx, {
    actorId,
    action: 'create',
    entityType: 'user',
    entityId: userId,
    entityName: input.name,
    storeId: input.stores[0],
    details: { email, role: input.role },
  });
  const { rows } = await findUserRows(tx, { ids: [userId], offset: 0 });
  if (!rows[0]) throw new Error('created user not found');
  return presentUser(rows[0]);
}

/** Deletes an account: its row stays for the history it signed, its sessions end now. */
export function deleteUser(db: Db, auth: AuthContext, userId: string, requestKey?: RequestKey) {
  if (userId === auth.userId) throw new AppError('conflict', USER_CANNOT_DELETE_SELF);
  return runIdempotent(db, requestKey, async (tx) => {
    const deleted = await updateLiveUser(tx, userId, { deletedAt: new Date() });
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
    return { status: 200 as const, body: { message: USER_DELETED } };
  });
}

/** An admin sets another user's password; every session of that user ends. */
export async function changeUserPassword(db: Db, actorId: string, userId: string, newPassword: string): Promise<void> {
  // One's own password changes only with the current one, whoever one is.
  if (userId === actorId) throw new AppError('bad_request', OWN_PASSWORD_NEEDS_CURRENT);
  assertUncommonPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const changed = await updateLiveUser(tx, userId, { passwordHash });
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

/** A user's name, also of one deleted since (a report prints who made it). */
export async function userNameOf(db: DbOrTx, id: string): Promise<string> {
  return (await findUserName(db, id)) ?? '';
}

export type FirstAdmin = { email: string; generatedPassword?: string };

/** Creates the first admin when none exists; returns what was created, if anything. */
export async function ensureFirstAdmin(db: Db, email?: string, password?: string): Promise<FirstAdmin | undefined> {
  if (await hasLiveAdmin(db)) return undefined;
  const adminEmail = (email ?? 'admin@example.com').trim().toLowerCase();
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password ?? (generatedPassword as string));
  // Two instances starting at once on one database: the unique email index lets only one insert win.
  const isCreated = await insertFirstAdmin(db, { email: adminEmail, passwordHash });
  return isCreated ? { email: adminEmail, generatedPassword } : undefined;
}
