import type { Role } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

/** How long the provider has to send the person back, and the app to take the ticket. */
const ANSWER_MINUTES = 10;
const TICKET_MINUTES = 2;

export async function insertLogin(db: DbOrTx, login: { state: string; nonce: string; codeVerifier: string }): Promise<void> {
  await db.execute(sql`delete from oidc_logins where created_at < now() - interval '1 day'`);
  await db.execute(
    sql`insert into oidc_logins (state, nonce, code_verifier) values (${login.state}, ${login.nonce}, ${login.codeVerifier})`,
  );
}

/** The sign-in a return names by its state, taken once: a replayed return, or one too late, finds nothing. */
export async function takeLogin(db: DbOrTx, state: string): Promise<{ id: string; nonce: string; code_verifier: string } | undefined> {
  const [row] = await queryRows<{ id: string; nonce: string; code_verifier: string }>(
    db,
    sql`update oidc_logins set answered_at = now()
        where state = ${state} and answered_at is null and created_at > now() - make_interval(mins => ${ANSWER_MINUTES})
        returning id, nonce, code_verifier`,
  );
  return row;
}

/** Whom the provider's answer signed in, under the hash of the ticket the app will exchange. */
export async function recordVouchedFor(
  db: DbOrTx,
  loginId: string,
  vouched: { userId: string; ticketHash: string; isSecondFactorChecked: boolean },
): Promise<void> {
  await db.execute(
    sql`update oidc_logins set user_id = ${vouched.userId}, ticket_hash = ${vouched.ticketHash},
          is_second_factor_checked = ${vouched.isSecondFactorChecked}
        where id = ${loginId}`,
  );
}

/** The sign-in a ticket stands for, taken once and only within minutes of the provider's answer. */
export async function takeTicket(
  db: DbOrTx,
  ticketHash: string,
): Promise<{ user_id: string; is_second_factor_checked: boolean } | undefined> {
  const [row] = await queryRows<{ user_id: string; is_second_factor_checked: boolean }>(
    db,
    sql`update oidc_logins set finished_at = now()
        where ticket_hash = ${ticketHash} and finished_at is null and answered_at > now() - make_interval(mins => ${TICKET_MINUTES})
        returning user_id, is_second_factor_checked`,
  );
  return row;
}

export type ProviderPerson = { id: string; role: Role; is_deleted: boolean };

/** The people an email names: the live one first; a deactivated one stays refused, never made anew. */
export async function findPeopleByEmail(db: DbOrTx, email: string): Promise<ProviderPerson[]> {
  return queryRows<ProviderPerson>(
    db,
    sql`select id, role, deleted_at is not null as is_deleted from users where lower(email) = ${email} order by deleted_at nulls first`,
  );
}

/** A store user with no store and a password nobody knows, for a person the provider vouched for. */
export async function insertStoreUser(db: DbOrTx, person: { name: string; email: string; passwordHash: string }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (name, email, password_hash, role) values (${person.name}, ${person.email}, ${person.passwordHash}, 'store-user')
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Notes the sign-in through the provider, and the role its claim gives when the company maps one. */
export async function markSignedInThroughProvider(db: DbOrTx, userId: string, role: Role | undefined): Promise<void> {
  await db.execute(sql`update users set oidc_signed_in_at = now(), role = coalesce(${role ?? null}, role) where id = ${userId}`);
}
