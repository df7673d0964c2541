import {
  QUALIFICATION_ADDED,
  QUALIFICATION_NOT_FOUND,
  QUALIFICATION_REMOVED,
  type Qualification,
  type QualificationCreateRequestSchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { deleteQualification, findQualifications, insertQualification, type QualificationRow } from './qualifications.repository';
import { getWorker } from './workers.service';

function presentQualification(row: QualificationRow): Qualification {
  return { _id: row.id, name: row.name, expiresOn: row.expires_on, isValid: row.is_valid };
}

/** A worker's qualifications, valid ones marked as of today. */
export async function listQualifications(db: DbOrTx, auth: AuthContext, workerId: string, timeZone: string) {
  await getWorker(db, auth, workerId);
  return { qualifications: (await findQualifications(db, workerId, todayIn(timeZone))).map(presentQualification) };
}

/** Records a qualification a worker of the caller's stores holds, kept in the audit trail. */
export function addQualification(
  db: Db,
  auth: AuthContext,
  workerId: string,
  input: z.output<typeof QualificationCreateRequestSchema>,
  timeZone: string,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const worker = await getWorker(tx, auth, workerId);
    const id = await insertQualification(tx, { workerId, name: input.name, expiresOn: input.expiresOn });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'qualification',
      entityId: id,
      entityName: `${input.name} of ${worker.name}`,
      storeId: worker.store._id,
      details: { expiresOn: input.expiresOn ?? null },
    });
    const row = (await findQualifications(tx, workerId, todayIn(timeZone))).find((found) => found.id === id);
    if (!row) throw new Error('the qualification just added was not found');
    return { status: 201 as const, body: { message: QUALIFICATION_ADDED, qualification: presentQualification(row) } };
  });
}

export function removeQualification(db: Db, auth: AuthContext, id: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const row = await deleteQualification(tx, id, storeScopeOf(auth));
    if (!row) throw new AppError('not_found', QUALIFICATION_NOT_FOUND);
    const worker = await getWorker(tx, auth, row.worker_id);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'delete',
      entityType: 'qualification',
      entityId: id,
      entityName: `${row.name} of ${worker.name}`,
      storeId: worker.store._id,
      details: { expiresOn: row.expires_on },
    });
    return { status: 200 as const, body: { message: QUALIFICATION_REMOVED } };
  });
}
