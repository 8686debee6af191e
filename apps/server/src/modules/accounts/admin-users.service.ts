import { clock } from '@housnkuh/shared/clock';
import { ADMIN_MESSAGES } from '@housnkuh/shared/schemas/admin-auth';
import {
  USER_MESSAGES,
  type AdminAccount,
  type CreateAdminInput,
  type UpdateAdminInput,
} from '@housnkuh/shared/schemas/admin-users';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { recordAudit, type Actor } from '../audit/public';
import { admins } from './schema';
import { checkCurrentPassword } from './login.service';
import { revokeAllSessions, revokeOtherSessions } from './sessions.service';

// The admins as the admin area's user management (/admin/users) lists and changes them.

/** The same key as the first admin's setup: changes to who is active happen one at a time. */
const ADMINS_LOCK = 4713;

type AdminRow = typeof admins.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function adminAccount(row: AdminRow): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    active: row.deactivatedAt === null,
    createdAt: row.createdAt.toISOString(),
    passwordChangedAt: iso(row.passwordChangedAt),
  };
}

/** What the log keeps of an admin: never the password hash. */
const auditAdmin = (row: AdminRow) => ({
  username: row.username,
  name: row.name,
  active: row.deactivatedAt === null,
});

export async function listAdmins(db: Database): Promise<AdminAccount[]> {
  const rows = await db.select().from(admins).orderBy(asc(admins.username));
  return rows.map(adminAccount);
}

export async function createAdminAccount(
  db: Database,
  actor: Actor,
  input: CreateAdminInput,
): Promise<AdminAccount> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const [taken] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(eq(admins.username, input.username));
      if (taken) throw new ConflictError(ADMIN_MESSAGES.usernameTaken);
      const [row] = await tx
        .insert(admins)
        .values({ username: input.username, name: input.name, passwordHash })
        .returning();
      await recordAudit(tx, actor, {
        action: 'admin.create',
        entity: 'admin',
        entityId: row!.id,
        summary: `Administrator „${row!.username}“ angelegt`,
        after: auditAdmin(row!),
      });
      return adminAccount(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ADMIN_MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * A new password, one's own or another admin's, needs the acting admin's own
 * password: a session left open (or taken) must not hand over other accounts.
 * Wrong answers count towards the acting admin's limit (checkCurrentPassword).
 */
async function checkActorPassword(
  db: Database,
  actor: Actor,
  currentPassword: string | undefined,
  now: Date,
): Promise<void> {
  const field = (message: string) =>
    new InvalidError(message, [{ field: 'currentPassword', message }]);
  if (!currentPassword) throw field(USER_MESSAGES.currentPasswordRequired);
  const [self] = await db
    .select({ passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, actor.id));
  const ok = await checkCurrentPassword(
    db,
    { kind: 'admin', id: actor.id, passwordHash: self?.passwordHash ?? null },
    currentPassword,
    USER_MESSAGES.currentPasswordTooMany,
    now,
  );
  if (!ok) throw field(USER_MESSAGES.currentPasswordWrong);
}

/**
 * Renames, deactivates or reactivates an admin, or sets a new password. The
 * last active admin cannot be deactivated; deactivation ends the admin's
 * sessions, a new password ends every other session of it (the admin who
 * changes their own password stays signed in here).
 */
export async function updateAdminAccount(
  db: Database,
  actor: Actor & { sessionId: string },
  id: string,
  input: UpdateAdminInput,
  now = clock.now(),
): Promise<AdminAccount> {
  if (!isUuid(id)) throw new NotFoundError(USER_MESSAGES.adminNotFound);
  if (input.password) await checkActorPassword(db, actor, input.currentPassword, now);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK}::int)`);
    const [before] = await tx.select().from(admins).where(eq(admins.id, id));
    if (!before) throw new NotFoundError(USER_MESSAGES.adminNotFound);
    const changes: Partial<AdminRow> = { updatedAt: now };
    const done: string[] = [];
    if (input.name !== undefined && input.name !== before.name) {
      changes.name = input.name;
      done.push(`umbenannt in „${input.name}“`);
    }
    if (input.active === false && before.deactivatedAt === null) {
      const [others] = await tx
        .select({ n: count() })
        .from(admins)
        .where(and(isNull(admins.deactivatedAt), ne(admins.id, id)));
      if ((others?.n ?? 0) === 0) throw new ConflictError(ADMIN_MESSAGES.lastActiveAdmin);
      changes.deactivatedAt = now;
      done.push('deaktiviert');
    } else if (input.active === true && before.deactivatedAt !== null) {
      changes.deactivatedAt = null;
      done.push('wieder aktiviert');
    }
    if (passwordHash) {
      changes.passwordHash = passwordHash;
      changes.passwordChangedAt = now;
      done.push('neues Passwort gesetzt');
    }
    if (done.length === 0) return adminAccount(before);
    const [after] = await tx.update(admins).set(changes).where(eq(admins.id, id)).returning();
    if (changes.deactivatedAt) await revokeAllSessions(tx, 'admin', id);
    else if (passwordHash) await revokeOtherSessions(tx, 'admin', id, actor.sessionId);
    await recordAudit(tx, actor, {
      action: 'admin.update',
      entity: 'admin',
      entityId: id,
      summary: `Administrator „${before.username}“: ${done.join(', ')}`,
      before: auditAdmin(before),
      after: { ...auditAdmin(after!), ...(passwordHash ? { password: 'neu gesetzt' } : {}) },
    });
    return adminAccount(after!);
  });
}
