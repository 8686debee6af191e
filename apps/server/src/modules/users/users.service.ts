import { clock } from '@housnkuh/shared/clock';
import { DELETION_MESSAGES } from '@housnkuh/shared/schemas/deletion';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  USER_MESSAGES,
  type AdminVendor,
  type AdminVendorDetail,
  type AdminVendorQuery,
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
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { containing, pageOf } from '../../lib/admin-lists';
import type { Database } from '../../db/client';
import { transaction } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { revokeAllSessions } from '../accounts/public';
import { recordAudit, type Actor } from '../audit/public';
import { bookingRequestsOf } from '../bookings/public';
import { contractAnswers } from '../contracts/public';
import { isListed } from '../directory/public';
import { subscriptionOf } from '../newsletter/public';
import {
  findVendor,
  setVendorRelease,
  vendorAccounts,
  vendorBusiness,
  vendorForUpdate,
  type VendorRelease,
  type VendorRow,
} from '../vendors/public';

// The producers' accounts as the admin area's user management (/admin/users) lists and changes
// them; the admins' own accounts are the accounts module's (listAdmins … in its public.ts).

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function accountState(row: Pick<VendorRow, 'lockedAt' | 'emailConfirmedAt'>) {
  if (row.lockedAt) return 'locked' as const;
  return row.emailConfirmedAt ? ('active' as const) : ('unconfirmed' as const);
}

const vendorColumns = {
  id: vendorAccounts.id,
  name: vendorAccounts.name,
  unternehmen: vendorAccounts.unternehmen,
  email: vendorAccounts.email,
  lockedAt: vendorAccounts.lockedAt,
  emailConfirmedAt: vendorAccounts.emailConfirmedAt,
  verifyStatus: vendorAccounts.verifyStatus,
  isPublic: vendorAccounts.isPublic,
  profileVisible: vendorAccounts.profileVisible,
  listed: sql<boolean>`${isListed(vendorAccounts)}`.as('listed'),
  registrationKind: vendorAccounts.registrationKind,
  createdAt: vendorAccounts.createdAt,
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
        ilike(vendorAccounts.name, pattern),
        ilike(vendorAccounts.unternehmen, pattern),
        ilike(vendorAccounts.email, pattern),
        ilike(vendorAccounts.ort, pattern),
      )!,
    );
  }
  if (query.account === 'locked') conditions.push(isNotNull(vendorAccounts.lockedAt));
  if (query.account === 'active') {
    conditions.push(isNull(vendorAccounts.lockedAt), isNotNull(vendorAccounts.emailConfirmedAt));
  }
  if (query.account === 'unconfirmed') {
    conditions.push(isNull(vendorAccounts.lockedAt), isNull(vendorAccounts.emailConfirmedAt));
  }
  if (query.verifyStatus) conditions.push(eq(vendorAccounts.verifyStatus, query.verifyStatus));
  if (query.isPublic !== undefined) conditions.push(eq(vendorAccounts.isPublic, query.isPublic));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(vendorAccounts).where(where);
  const rows = await db
    .select(vendorColumns)
    .from(vendorAccounts)
    .where(where)
    .orderBy(
      ...(query.sort === 'name'
        ? [asc(vendorAccounts.nameKey), asc(vendorAccounts.id)]
        : [desc(vendorAccounts.createdAt), desc(vendorAccounts.id)]),
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
      telefon: vendorAccounts.telefon,
      website: vendorAccounts.website,
      strasse: vendorAccounts.strasse,
      hausnummer: vendorAccounts.hausnummer,
      plz: vendorAccounts.plz,
      ort: vendorAccounts.ort,
      comments: vendorAccounts.comments,
    })
    .from(vendorAccounts)
    .where(eq(vendorAccounts.id, id));
  const account = await findVendor(db, id);
  // a deleted producer has no account any more, only records kept (docs/decisions/0092)
  if (account?.deletedAt && account.retainedUntil)
    throw new NotFoundError(DELETION_MESSAGES.deletedVendor(account.retainedUntil));
  if (!row || !account) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
  const bookings = await bookingRequestsOf(db, id, 'newest');
  const subscription = await subscriptionOf(db, row.email);
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
    hasPassword: Boolean(account.passwordHash),
    business: vendorBusiness(account),
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
    const before = await vendorForUpdate(tx, { id });
    if (!before || before.deletedAt) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
    const changes: VendorRelease = {};
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
    await setVendorRelease(tx, id, changes, now);
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
