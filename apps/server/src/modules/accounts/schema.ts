// The accounts module's tables (only it writes them; docs/decisions/0013): sessions, single-use
// links, failed logins and the admins.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, vendorIdColumn, stampedAt } from '../../db/columns';

/**
 * Login sessions of vendors and admins: only the SHA-256 of the bearer token
 * is stored (docs/decisions/0003-sessions.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    /** vendor | admin */
    kind: text('kind').notNull(),
    accountId: uuid('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: stampedAt('last_used_at'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('sessions_account_idx').on(table.kind, table.accountId)],
);

/** Single-use links: e-mail confirmation (24 h) and password reset (1 h). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    /** confirm-email | reset-password */
    purpose: text('purpose').notNull(),
    vendorId: vendorIdColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('account_tokens_vendor_idx').on(table.vendorId, table.purpose)],
);

/**
 * Failed logins per account and client (shared by all instances): 10 in 15
 * minutes from one client lock that client out of the account; the count of
 * all clients only slows answers down (docs/decisions/0011).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    /** e.g. 'vendor:anna@beispiel.de' */
    accountKey: text('account_key').notNull(),
    /** The client's address as the server sees it (request.ip); kept only for the 15 minutes. */
    clientKey: text('client_key').notNull().default(''),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('login_failures_key_idx').on(table.accountKey, table.createdAt)],
);

/**
 * The shop's operators. The first is created at /admin/setup with the setup
 * code (or by `cli admin create`); admins create further admins. Sessions are
 * rows of `sessions` with kind 'admin' (8 hours).
 */
export const admins = pgTable('admins', {
  id: idColumn(),
  /** Lower case, unique; what the admin types to log in. */
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  /** argon2id */
  passwordHash: text('password_hash').notNull(),
  /** Deactivated admins cannot log in; the last active admin cannot be deactivated. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: stampedAt('created_at'),
  updatedAt: stampedAt('updated_at'),
});
