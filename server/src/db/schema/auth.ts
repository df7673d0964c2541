import { type ApiTokenScope, LANGUAGES, type Language, ROLES } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** The language the person chose for the app, for screens and messages; null until they choose. */
    language: text('language').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set at the first sign-in through the company's identity provider: with OIDC_ONLY, no password sign-in after. */
    oidcSignedInAt: timestamp('oidc_signed_in_at', { withTimezone: true }),
  },
  (t) => [
    // Deleted users keep their row (movements name their actor), so uniqueness covers live users only.
    uniqueIndex('users_email_live_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    check('users_role_check', sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))})`),
    check('users_language_check', sql`${t.language} in (${sql.raw(LANGUAGES.map((language) => `'${language}'`).join(', '))})`),
  ],
);

export const userStores = pgTable(
  'user_stores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    /** Order of assignment: the first store is the keeper's active store. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_idx').on(t.storeId)],
);

export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Touched at most once a minute (see db/sessions.ts), for the Sessions page. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts per key (an account and address pair, an account, an address) in a window of
 * minutes, counted by one upsert per attempt so simultaneous guesses count one by one, and kept in
 * the database so every server process counts the same.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull(),
});

/**
 * A user's second factor (TOTP, RFC 6238): the secret being set up until a first code confirms it,
 * then the confirmed secret and the last time step accepted, so a code is used at most once.
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  pendingSecret: text('pending_secret'),
  secret: text('secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
});

/** Single-use recovery codes of a second factor, kept as argon2id hashes (50 random bits each: too few for a plain hash). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A person's API tokens for scripts and other systems: the secret is shown once and kept only as its
 * SHA-256 (a 256-bit random secret needs no slow hash: nothing can be guessed from it).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched at most once a minute, like a session's. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** After this a token is refused; chosen at creation (90 days unless asked otherwise, a year at most). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    // Names are unique among a person's live tokens, so "revoke the CI token" means one token.
    uniqueIndex('api_tokens_user_name_live_key').on(t.userId, sql`lower(${t.name})`).where(sql`${t.revokedAt} is null`),
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'full')`),
  ],
);

/**
 * A sign-in through the company's identity provider, from the redirect to it until the app has its
 * answer: the state, nonce and PKCE verifier it was sent with (each answer is taken once, so a
 * replayed one finds nothing), then whom the provider's answer signed in and the hash of the
 * one-time ticket the app exchanges for the sign-in. Kept for minutes, never backed up.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id),
    ticketHash: text('ticket_hash'),
    /** The ID token's `amr` says the provider checked a second factor. */
    isSecondFactorChecked: boolean('is_second_factor_checked').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oidc_logins_state_key').on(t.state), uniqueIndex('oidc_logins_ticket_key').on(t.ticketHash)],
);

/**
 * Where in the primary's write-ahead log each person's last write ended (from any of their sessions
 * or API tokens), so that their reads go to the replica only once it has replayed that far.
 */
export const writePositions = pgTable('write_positions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  lsn: text('lsn').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
});
