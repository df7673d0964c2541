import { and, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { AppError } from '../../lib/errors';

export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_MINUTES = 15;
export const TOO_MANY_LOGINS = `Too many failed sign-in attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again.`;

function keysFor(ip: string, email: string): string[] {
  return [`ip:${ip}`, `email:${email.toLowerCase()}`];
}

function windowStart(): Date {
  return new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
}

/** Refuses with 429 once the address or the account has failed too often in the window. */
export async function assertLoginAllowed(db: DbOrTx, ip: string, email: string): Promise<void> {
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`select count(*)::int as failures from ${loginFailures}
        where ${inArray(loginFailures.key, keysFor(ip, email))} and ${gt(loginFailures.failedAt, windowStart())}
        group by ${loginFailures.key} order by failures desc limit 1`,
  );
  if ((rows[0]?.failures ?? 0) >= MAX_LOGIN_FAILURES) throw new AppError('too_many_requests', TOO_MANY_LOGINS);
}

export async function recordLoginFailure(db: DbOrTx, ip: string, email: string): Promise<void> {
  const keys = keysFor(ip, email);
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  await db.delete(loginFailures).where(and(inArray(loginFailures.key, keys), lt(loginFailures.failedAt, windowStart())));
}

/** A successful sign-in clears the account's count, not the address's. */
export async function clearAccountFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(or(inArray(loginFailures.key, [`email:${email.toLowerCase()}`])));
}
