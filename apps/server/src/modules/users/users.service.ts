import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { ADMIN_MESSAGES } from '@housnkuh/shared/schemas/admin-auth';
import {
  USER_MESSAGES,
  type AdminAccount,
  type AdminVendor,
  type AdminVendorDetail,
  type AdminVendorQuery,
  type CreateAdminInput,
  type UpdateAdminInput,
  type UpdateVendorInput,
} from '@housnkuh/shared/schemas/admin-users';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { containing, pageOf } from '../../lib/admin-lists';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { admins } from '../../db/schema/admin';
import { sessions } from '../../db/schema/accounts';
import { newsletterSubscribers } from '../../db/schema/newsletter';
import { bookingRequests, vendors } from '../../db/schema/vendors';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from '../accounts/public';
import { contractAnswers } from '../contracts/public';
import { recordAudit, type Actor } from '../audit/public';
import { isListed } from '../vendors/public';

/** The same key as the first admin's setup: changes to who is active happen one at a time. */
const ADMINS_LOCK = 4713;

type AdminRow = typeof admins.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;

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
    else if (passwordHash) {
      await tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.kind, 'admin'),
            eq(sessions.accountId, id),
            ne(sessions.id, actor.sessionId),
          ),
        );
    }
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

// ---------------------------------------------------------------------------
// Vendors

function accountState(row: Pick<VendorRow, 'lockedAt' | 'emailConfirmedAt'>) {
  if (row.lockedAt) return 'locked' as const;
  return row.emailConfirmedAt ? ('active' as const) : ('unconfirmed' as const);
}

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  unternehmen: vendors.unternehmen,
  email: vendors.email,
  lockedAt: vendors.lockedAt,
  emailConfirmedAt: vendors.emailConfirmedAt,
  verifyStatus: vendors.verifyStatus,
  isPublic: vendors.isPublic,
  profileVisible: vendors.profileVisible,
  listed: sql<boolean>`${isListed}`.as('listed'),
  registrationKind: vendors.registrationKind,
  createdAt: vendors.createdAt,
};

type VendorListRow = {
  id: string;
  name: string;
  unternehmen: string | null;
  email: string;
  lockedAt: Date | null;
  emailConfirmedAt: Date | null;
  verifyStatus: string;
  isPublic: boolean;
  profileVisible: boolean;
  listed: boolean;
  registrationKind: string;
  createdAt: Date;
};

function adminVendor(row: VendorListRow): AdminVendor {
  return {
    id: row.id,
    name: row.name,
    unternehmen: row.unternehmen,
    email: row.email,
    account: accountState(row),
    verifyStatus: row.verifyStatus as AdminVendor['verifyStatus'],
    isPublic: row.isPublic,
    profileVisible: row.profileVisible,
    listed: Boolean(row.listed),
    registrationKind: row.registrationKind,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */

/** The producers' accounts, a page at a time: search, filters and sort on the server. */
export async function listVendors(db: Database, query: AdminVendorQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(
      or(
        ilike(vendors.name, pattern),
        ilike(vendors.unternehmen, pattern),
        ilike(vendors.email, pattern),
        ilike(vendors.ort, pattern),
      )!,
    );
  }
  if (query.account === 'locked') conditions.push(isNotNull(vendors.lockedAt));
  if (query.account === 'active') {
    conditions.push(isNull(vendors.lockedAt), isNotNull(vendors.emailConfirmedAt));
  }
  if (query.account === 'unconfirmed') {
    conditions.push(isNull(vendors.lockedAt), isNull(vendors.emailConfirmedAt));
  }
  if (query.verifyStatus) conditions.push(eq(vendors.verifyStatus, query.verifyStatus));
  if (query.isPublic !== undefined) conditions.push(eq(vendors.isPublic, query.isPublic));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(vendors).where(where);
  const rows = await db
    .select(vendorColumns)
    .from(vendors)
    .where(where)
    .orderBy(
      ...(query.sort === 'name'
        ? [asc(vendors.nameKey), asc(vendors.id)]
        : [desc(vendors.createdAt), desc(vendors.id)]),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totalCount = total?.n ?? 0;
  return {
    vendors: rows.map(adminVendor),
    pagination: pageOf(query, totalCount),
  };
}

export async function vendorDetail(
  db: Database,
  id: string,
  openingDate: string | null,
): Promise<AdminVendorDetail> {
  if (!isUuid(id)) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
  const [row] = await db
    .select({
      ...vendorColumns,
      telefon: vendors.telefon,
      website: vendors.website,
      strasse: vendors.strasse,
      hausnummer: vendors.hausnummer,
      plz: vendors.plz,
      ort: vendors.ort,
      comments: vendors.comments,
    })
    .from(vendors)
    .where(eq(vendors.id, id));
  if (!row) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
  const bookings = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, id))
    .orderBy(desc(bookingRequests.createdAt));
  const [subscription] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(
      and(eq(newsletterSubscribers.email, row.email), isNull(newsletterSubscribers.unsubscribedAt)),
    );
  return {
    ...adminVendor(row),
    telefon: row.telefon,
    website: row.website,
    address: { strasse: row.strasse, hausnummer: row.hausnummer, plz: row.plz, ort: row.ort },
    comments: row.comments,
    consents: {
      registeredAt: row.createdAt.toISOString(),
      emailConfirmedAt: iso(row.emailConfirmedAt),
      newsletterConfirmedAt: iso(subscription?.confirmedAt ?? null),
    },
    lockedAt: iso(row.lockedAt),
    contracts: (await contractAnswers(db, [id], openingDate)).map(
      ({ bookingRequestId: _request, ...contract }) => contract,
    ),
    bookings: bookings.map((booking) => ({
      id: booking.id,
      status: booking.status,
      origin: booking.origin,
      provisionType: booking.provisionType,
      rentalDuration: booking.rentalDuration,
      monthlyPriceCents: booking.monthlyPriceCents,
      comments: booking.comments,
      createdAt: booking.createdAt.toISOString(),
    })),
  };
}

/**
 * Sets the verify status, releases or withdraws the public profile, locks or
 * unlocks the account (a lock ends every session of it and refuses its login).
 */
export async function updateVendor(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateVendorInput,
  openingDate: string | null,
  now = clock.now(),
): Promise<AdminVendorDetail> {
  if (!isUuid(id)) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
  await transaction(db, async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, id)).for('update');
    if (!before) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
    const changes: Partial<VendorRow> = {};
    const done: string[] = [];
    if (input.verifyStatus !== undefined && input.verifyStatus !== before.verifyStatus) {
      changes.verifyStatus = input.verifyStatus;
      done.push(`Verifizierung: ${input.verifyStatus}`);
    }
    if (input.isPublic !== undefined && input.isPublic !== before.isPublic) {
      changes.isPublic = input.isPublic;
      done.push(input.isPublic ? 'Profil freigegeben' : 'Freigabe zurückgezogen');
    }
    if (input.locked === true && !before.lockedAt) {
      changes.lockedAt = now;
      done.push('gesperrt');
    } else if (input.locked === false && before.lockedAt) {
      changes.lockedAt = null;
      done.push('entsperrt');
    }
    if (done.length === 0) return;
    await tx
      .update(vendors)
      .set({ ...changes, updatedAt: now })
      .where(eq(vendors.id, id));
    if (changes.lockedAt) await revokeAllSessions(tx, 'vendor', id);
    const pick = (row: Pick<VendorRow, 'verifyStatus' | 'isPublic' | 'lockedAt'>) => ({
      verifyStatus: row.verifyStatus,
      isPublic: row.isPublic,
      locked: Boolean(row.lockedAt),
    });
    await recordAudit(tx, actor, {
      action: 'vendor.update',
      entity: 'vendor',
      entityId: id,
      summary: `Direktvermarkter „${before.unternehmen ?? before.name}“: ${done.join(', ')}`,
      before: pick(before),
      after: pick({ ...before, ...changes }),
    });
  });
  return vendorDetail(db, id, openingDate);
}
