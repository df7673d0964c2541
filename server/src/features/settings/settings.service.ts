import { type BuyingSettings, SETTINGS_SAVED, type Settings, type SettingsUpdateRequestSchema } from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { findBuyingSettings, mergeBuyingSettings } from './settings.repository';

/** The audit trail's id for the company's settings, which are one record whichever part changed. */
export const SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000000';

/** How buying works: who may order and the tolerances of receipts and invoices. */
export function buyingSettings(db: DbOrTx): Promise<BuyingSettings> {
  return findBuyingSettings(db);
}

/** The company's settings: the currency comes from the server's CURRENCY and is never changed by a call. */
export async function companySettings(db: DbOrTx, server: { currency: string }): Promise<Settings> {
  return { currency: server.currency, ...(await findBuyingSettings(db)) };
}

/** Changes the settings sent and keeps the others. */
export function updateSettings(
  db: Db,
  auth: AuthContext,
  server: { currency: string },
  input: z.output<typeof SettingsUpdateRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const { currency: _serverOnly, ...changes } = input;
    const buying = await mergeBuyingSettings(tx, changes);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'update',
        entityType: 'settings',
        entityId: SETTINGS_ENTITY_ID,
        entityName: 'Buying',
        details: changes,
      });
    }
    return { status: 200 as const, body: { message: SETTINGS_SAVED, settings: { currency: server.currency, ...buying } } };
  });
}
