import { BUYING_DEFAULTS, type BuyingSettings } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

/** The key under which the buying settings are kept, as one JSON object. */
const BUYING_KEY = 'buying';

function withDefaults(stored: string | undefined): BuyingSettings {
  return { ...BUYING_DEFAULTS, ...(stored ? (JSON.parse(stored) as Partial<BuyingSettings>) : {}) };
}

export async function findBuyingSettings(db: DbOrTx): Promise<BuyingSettings> {
  const [row] = await queryRows<{ value: string }>(db, sql`select value from settings where key = ${BUYING_KEY}`);
  return withDefaults(row?.value);
}

/** Sets the fields given and keeps the others, in one statement; the settings as they now are. */
export async function mergeBuyingSettings(db: DbOrTx, changes: Partial<BuyingSettings>): Promise<BuyingSettings> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`insert into settings (key, value) values (${BUYING_KEY}, ${JSON.stringify(changes)})
        on conflict (key) do update set value = (settings.value::jsonb || excluded.value::jsonb)::text
        returning value`,
  );
  return withDefaults(row?.value);
}
