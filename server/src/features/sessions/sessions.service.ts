import { SESSION_NOT_FOUND, sessionsSignedOut, USER_NOT_FOUND } from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { findLiveSessionsOfUser } from '../../db/sessions';
import { type AuthContext, revokeSessionsOfUser } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { userNameOf } from '../users/users.service';
import { presentSession } from './sessions.presenter';

export { browserOf } from './sessions.presenter';

/** A user's signed-in devices; `current` marks the caller's own session. */
export async function listSessions(db: DbOrTx, userId: string, caller: AuthContext) {
  const rows = await findLiveSessionsOfUser(db, userId);
  return rows.map((row) => presentSession(row, userId === caller.userId ? caller.jti : null));
}

/** The user a session call is about: an admin's call names one that must exist. */
export async function assertUserExists(db: DbOrTx, userId: string): Promise<void> {
  if ((await userNameOf(db, userId)) === '') throw new AppError('not_found', USER_NOT_FOUND);
}

/**
 * Signs out one of a user's sessions, or all of them, or all but the caller's own, and writes who did
 * it in the audit trail. One named session that is not live (or not the user's) is not found.
 */
export async function signOut(db: Db, actor: AuthContext, userId: string, which: { only?: string; except?: string }) {
  return db.transaction(async (tx) => {
    const signedOut = await revokeSessionsOfUser(tx, userId, which);
    if (which.only && signedOut === 0) throw new AppError('not_found', SESSION_NOT_FOUND);
    if (signedOut > 0) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'sign_out',
        entityType: 'user',
        entityId: userId,
        entityName: await userNameOf(tx, userId),
        details: { sessions: signedOut, ...(which.only ? { session: which.only } : {}), ...(which.except ? { kept: 'current' } : {}) },
      });
    }
    return { message: sessionsSignedOut(signedOut), signedOut };
  });
}
