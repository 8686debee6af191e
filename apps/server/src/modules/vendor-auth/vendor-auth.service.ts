import {
  BOOKING_STATUS_LABELS,
  type Booking,
  type VendorUser,
} from '@housnkuh/shared/schemas/vendor';
import { ERRORS, VALIDATION } from '@housnkuh/shared/messages';
import { priceSelection, type PricedSelection } from '@housnkuh/shared/pricing';
import type { PackageData } from '@housnkuh/shared/schemas/booking';
import type { Registration } from '@housnkuh/shared/schemas/registration';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens, loginFailures } from '../../db/schema/accounts';
import { bookingRequests, contracts, vendors } from '../../db/schema/vendors';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import {
  additionalBookingMail,
  bookingCancelledMail,
  newBookingNotificationMail,
  passwordResetMail,
  vendorConfirmationMail,
} from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { isUuid } from '../../lib/ids';
import { createSession, revokeAllSessions } from '../auth/sessions.service';
import { searchColumns } from '../directory/search-index';
import { imageUrl } from '../images/images.service';
import { queueGeocodingValues } from '../geocoding/geocode-worker';
import {
  TRIAL_DAYS,
  accountStatus,
  computeTrialStatus,
  isShopOpen,
  trialMessage,
  trialWindow,
} from './vendor-status';

export interface VendorContext {
  db: Database;
  settings: SiteSettings;
  publicUrl: string;
}

export const CONFIRM_VALID_MS = 24 * 60 * 60_000;
export const RESET_VALID_MS = 60 * 60_000;
/** One confirmation or reset mail per account in this time. */
export const MAIL_AGAIN_AFTER_MS = 5 * 60_000;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 10;

export const MESSAGES = {
  emailTaken:
    'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
  registered:
    'Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
  preregistered:
    'Vor-Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
  confirmInvalid:
    'Dieser Bestätigungslink ist ungültig. Bitte prüfe, ob du den ganzen Link aus der E-Mail geöffnet hast.',
  confirmExpired:
    'Dieser Bestätigungslink ist abgelaufen. Bitte fordere einen neuen an oder wende dich an uns.',
  confirmed: 'Account erfolgreich bestätigt!',
  alreadyConfirmed: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
  resendSent:
    'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir einen neuen Bestätigungslink geschickt.',
  notConfirmed:
    'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.',
  tooManyFailures:
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten oder setze dein Passwort zurück.',
  resetRequested:
    'Falls zu dieser Adresse ein Konto gehört, haben wir dir einen Link zum Zurücksetzen des Passworts geschickt. Er ist eine Stunde gültig.',
  resetInvalid: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
  resetDone: 'Dein neues Passwort ist gespeichert. Du kannst dich jetzt anmelden.',
  bookingReceived:
    'Vielen Dank! Deine Buchung ist eingegangen. Wir melden uns innerhalb von 2 Werktagen bei dir.',
  bookingCancelled: 'Deine Buchung ist storniert.',
  bookingNotCancellable:
    'Diese Buchung kann nicht mehr online storniert werden. Bitte melde dich bei uns.',
  bookingNotFound: 'Diese Buchung gibt es nicht.',
} as const;

type VendorRow = typeof vendors.$inferSelect;

function toSelection(data: PackageData) {
  return {
    provisionType: data.selectedProvisionType,
    packageCounts: data.packageCounts,
    rentalDuration: data.rentalDuration,
    zusatzleistungen: data.zusatzleistungen,
  };
}

/** Prices a package from the catalog; whatever prices or totals the client sent are ignored. */
export function pricePackage(data: PackageData): PricedSelection {
  return priceSelection(toSelection(data));
}

async function issueToken(
  tx: Executor,
  vendorId: string,
  purpose: 'confirm-email' | 'reset-password',
  validMs: number,
  now: Date,
): Promise<string> {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.vendorId, vendorId), eq(accountTokens.purpose, purpose)));
  const token = newToken();
  await tx.insert(accountTokens).values({
    tokenHash: hashToken(token),
    purpose,
    vendorId,
    expiresAt: new Date(now.getTime() + validMs),
    createdAt: now,
  });
  return token;
}

// ---------------------------------------------------------------------------
// Registration and confirmation

export async function register(
  ctx: VendorContext,
  input: Registration,
  kind: 'registration' | 'preregistration',
  now = new Date(),
): Promise<{
  userId: string;
  message: string;
  openingInfo?: { isOpen: boolean; openingDate: string | null; message: string };
}> {
  const pkg = pricePackage(input.packageData);
  const emailTaken = () =>
    new HttpError(400, VALIDATION.fixMarkedFields, [
      { field: 'email', message: MESSAGES.emailTaken },
    ]);
  const [existing] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.email, input.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);

  let userId: string;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const [vendor] = await tx
        .insert(vendors)
        .values({
          email: input.email,
          passwordHash,
          name: input.name,
          telefon: input.telefon ?? null,
          unternehmen: input.unternehmen ?? null,
          strasse: input.strasse,
          hausnummer: input.hausnummer,
          plz: input.plz,
          ort: input.ort,
          comments: input.comments ?? null,
          ...searchColumns(
            {
              name: input.name,
              unternehmen: input.unternehmen ?? null,
              beschreibung: null,
              ort: input.ort,
            },
            [],
          ),
          ...queueGeocodingValues(),
          registrationKind: kind,
          confirmationSentAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: vendors.id });
      const id = vendor!.id;
      await tx.insert(bookingRequests).values({
        vendorId: id,
        origin: kind,
        provisionType: pkg.provisionType,
        rentalDuration: pkg.rentalDuration,
        monthlyPriceCents: pkg.price.monthlyTotal,
        packageData: pkg,
        comments: input.comments ?? null,
        createdAt: now,
        updatedAt: now,
      });
      const token = await issueToken(tx, id, 'confirm-email', CONFIRM_VALID_MS, now);
      await enqueueMail(tx, {
        to: input.email,
        kind: 'vendor-confirm',
        ...vendorConfirmationMail(ctx.settings, {
          name: input.name,
          confirmUrl: `${ctx.publicUrl}/vendor/confirm?token=${token}`,
          pkg,
          preregistration: kind === 'preregistration',
        }),
      });
      await enqueueMail(tx, {
        to: ctx.settings.email,
        replyTo: input.email,
        kind: 'booking-notification',
        ...newBookingNotificationMail(ctx.settings, {
          vendorName: input.name,
          unternehmen: input.unternehmen,
          email: input.email,
          telefon: input.telefon,
          kind,
          pkg,
          comments: input.comments,
        }),
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }

  if (kind === 'registration') return { userId, message: MESSAGES.registered };
  const open = isShopOpen(ctx.settings);
  return {
    userId,
    message: MESSAGES.preregistered,
    openingInfo: {
      isOpen: open,
      openingDate: ctx.settings.openingDate,
      message: ctx.settings.openingDate
        ? `Der Laden öffnet am ${formatIsoDay(ctx.settings.openingDate)}. Dein kostenloser Probemonat beginnt mit der Eröffnung.`
        : `Die Eröffnung ist für ${ctx.settings.openingLabel} geplant. Dein kostenloser Probemonat beginnt mit der Eröffnung.`,
    },
  };
}

export async function confirmEmail(ctx: VendorContext, token: string, now = new Date()) {
  const [row] = await ctx.db
    .select({ token: accountTokens, vendor: vendors })
    .from(accountTokens)
    .innerJoin(vendors, eq(vendors.id, accountTokens.vendorId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'confirm-email'),
      ),
    );
  if (!row) throw new HttpError(400, MESSAGES.confirmInvalid);
  const alreadyConfirmed = Boolean(row.vendor.emailConfirmedAt);
  if (row.token.expiresAt <= now && !alreadyConfirmed) {
    throw new HttpError(410, MESSAGES.confirmExpired);
  }
  if (!alreadyConfirmed) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(vendors)
        .set({ emailConfirmedAt: now, updatedAt: now })
        .where(eq(vendors.id, row.vendor.id));
      await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
    });
  }
  const [latest] = await ctx.db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, row.vendor.id))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(1);
  const facts = await contractFacts(ctx.db, row.vendor.id);
  return {
    message: alreadyConfirmed ? MESSAGES.alreadyConfirmed : MESSAGES.confirmed,
    vendor: {
      id: row.vendor.id,
      name: row.vendor.name,
      email: row.vendor.email,
      packageData: (latest?.packageData as PricedSelection | undefined) ?? null,
      contractData: {
        status: facts.some((c) => c.status === 'scheduled' || c.status === 'active')
          ? ('active' as const)
          : ('pending' as const),
        shopOpen: isShopOpen(ctx.settings),
        openingDate: ctx.settings.openingDate,
        trialDays: TRIAL_DAYS,
      },
    },
  };
}

export async function resendConfirmation(ctx: VendorContext, email: string, now = new Date()) {
  const [vendor] = await ctx.db.select().from(vendors).where(eq(vendors.email, email));
  const due =
    vendor &&
    !vendor.emailConfirmedAt &&
    vendor.passwordHash &&
    (!vendor.confirmationSentAt ||
      now.getTime() - vendor.confirmationSentAt.getTime() > MAIL_AGAIN_AFTER_MS);
  if (due) {
    await ctx.db.transaction(async (tx) => {
      const token = await issueToken(tx, vendor.id, 'confirm-email', CONFIRM_VALID_MS, now);
      await tx.update(vendors).set({ confirmationSentAt: now }).where(eq(vendors.id, vendor.id));
      const [latest] = await tx
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.vendorId, vendor.id))
        .orderBy(desc(bookingRequests.createdAt))
        .limit(1);
      await enqueueMail(tx, {
        to: vendor.email,
        kind: 'vendor-confirm',
        ...vendorConfirmationMail(ctx.settings, {
          name: vendor.name,
          confirmUrl: `${ctx.publicUrl}/vendor/confirm?token=${token}`,
          pkg: (latest?.packageData as PricedSelection | undefined) ?? null,
          preregistration: vendor.registrationKind === 'preregistration',
        }),
      });
    });
  }
  return { message: MESSAGES.resendSent, mailQueued: Boolean(due) };
}

// ---------------------------------------------------------------------------
// Login, sessions, the vendor record

async function contractFacts(db: Executor, vendorId: string) {
  return db
    .select({
      id: contracts.id,
      status: contracts.status,
      startDate: contracts.startDate,
      bookingRequestId: contracts.bookingRequestId,
    })
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId));
}

async function hasPendingBooking(db: Executor, vendorId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), eq(bookingRequests.status, 'pending')));
  return (row?.n ?? 0) > 0;
}

export async function trialStatusOf(ctx: VendorContext, vendorId: string) {
  const facts = await contractFacts(ctx.db, vendorId);
  const trial = computeTrialStatus(ctx.settings, facts, await hasPendingBooking(ctx.db, vendorId));
  return { trial, facts, message: trialMessage(trial) };
}

export async function vendorUser(ctx: VendorContext, vendor: VendorRow): Promise<VendorUser> {
  const { trial, facts } = await trialStatusOf(ctx, vendor.id);
  return {
    id: vendor.id,
    name: vendor.name,
    email: vendor.email,
    unternehmen: vendor.unternehmen,
    telefon: vendor.telefon,
    profilBild: imageUrl(vendor.profileImageId, 'profile'),
    isVendor: true,
    accountStatus: accountStatus(trial, facts),
    registrationDate: vendor.createdAt.toISOString(),
  };
}

export async function findVendor(db: Database, id: string): Promise<VendorRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, id));
  return vendor;
}

/** Key space of the per-account login lock (pg_advisory_xact_lock(int, int)). */
const LOGIN_LOCK_SPACE = 4712;

/**
 * Claims one login attempt for an account, before its password is checked:
 * under a per-account lock, counts the attempts of the last 15 minutes and,
 * below the limit, records this one as a failure. Parallel requests therefore
 * cannot all pass the count before any failure is stored. Answers the number
 * of attempts before this one, or null when the account is locked.
 */
async function claimLoginAttempt(
  db: Database,
  accountKey: string,
  now: Date,
): Promise<{ id: string; earlier: number } | null> {
  return db.transaction(async (tx) => {
    // released with the transaction; PGlite runs transactions one at a time anyway
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}::int, hashtext(${accountKey}::text))`,
    );
    const [attempts] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        ),
      );
    const earlier = attempts?.n ?? 0;
    if (earlier >= LOGIN_MAX_FAILURES) return null;
    const [row] = await tx
      .insert(loginFailures)
      .values({ accountKey, createdAt: now })
      .returning({ id: loginFailures.id });
    return { id: row!.id, earlier };
  });
}

export async function login(
  ctx: VendorContext,
  email: string,
  password: string,
  now = new Date(),
): Promise<{ token: string; user: VendorUser }> {
  const accountKey = `vendor:${email}`;
  const attempt = await claimLoginAttempt(ctx.db, accountKey, now);
  if (!attempt) throw new HttpError(429, MESSAGES.tooManyFailures);
  /** The attempt was no wrong password after all: it does not count. */
  const withdraw = () => ctx.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));

  let vendor: VendorRow | undefined;
  let ok: boolean;
  try {
    [vendor] = await ctx.db.select().from(vendors).where(eq(vendors.email, email));
    ok = vendor?.passwordHash
      ? await verifyPassword(vendor.passwordHash, password)
      : await verifyAgainstNothing(password);
  } catch (error) {
    await withdraw().catch(() => undefined);
    throw error;
  }
  if (!vendor || !ok) {
    // the claimed attempt stays as the failure
    // progressive: each failure after the third waits a little longer
    if (attempt.earlier >= 3) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(2000, 100 * 2 ** (attempt.earlier - 3))),
      );
    }
    throw new HttpError(401, ERRORS.invalidCredentials);
  }
  if (!vendor.emailConfirmedAt) {
    await withdraw();
    throw new HttpError(403, MESSAGES.notConfirmed);
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
  const session = await createSession(ctx.db, 'vendor', vendor.id, now);
  return { token: session.token, user: await vendorUser(ctx, vendor) };
}

// ---------------------------------------------------------------------------
// Password reset

export async function requestPasswordReset(ctx: VendorContext, email: string, now = new Date()) {
  const [vendor] = await ctx.db.select().from(vendors).where(eq(vendors.email, email));
  if (vendor?.passwordHash) {
    const [recent] = await ctx.db
      .select({ n: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.vendorId, vendor.id),
          eq(accountTokens.purpose, 'reset-password'),
          gt(accountTokens.createdAt, new Date(now.getTime() - MAIL_AGAIN_AFTER_MS)),
        ),
      );
    if ((recent?.n ?? 0) === 0) {
      await ctx.db.transaction(async (tx) => {
        const token = await issueToken(tx, vendor.id, 'reset-password', RESET_VALID_MS, now);
        await enqueueMail(tx, {
          to: vendor.email,
          kind: 'password-reset',
          ...passwordResetMail(ctx.settings, {
            name: vendor.name,
            resetUrl: `${ctx.publicUrl}/vendor/passwort-zuruecksetzen?token=${token}`,
          }),
        });
      });
      return { message: MESSAGES.resetRequested, mailQueued: true };
    }
  }
  return { message: MESSAGES.resetRequested, mailQueued: false };
}

export async function resetPassword(
  ctx: VendorContext,
  token: string,
  password: string,
  now = new Date(),
) {
  const valid = and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, 'reset-password'),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
  // check the link before the costly hash; checked again, locked, in the transaction
  const [known] = await ctx.db.select({ id: accountTokens.id }).from(accountTokens).where(valid);
  if (!known) throw new HttpError(400, MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accountTokens).where(valid).for('update');
    if (!row) throw new HttpError(400, MESSAGES.resetInvalid);
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.id));
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, row.vendorId));
    await tx
      .update(vendors)
      .set({
        passwordHash,
        // whoever can read the mailbox has proven the address
        emailConfirmedAt: vendor?.emailConfirmedAt ?? now,
        updatedAt: now,
      })
      .where(eq(vendors.id, row.vendorId));
    await revokeAllSessions(tx, 'vendor', row.vendorId);
    // whoever can reset the password may log in again at once
    if (vendor) {
      await tx.delete(loginFailures).where(eq(loginFailures.accountKey, `vendor:${vendor.email}`));
    }
  });
  return { message: MESSAGES.resetDone };
}

// ---------------------------------------------------------------------------
// Bookings

type BookingRow = typeof bookingRequests.$inferSelect;

function isCancellable(
  booking: BookingRow,
  contract: { status: string; startDate: string } | undefined,
  settings: SiteSettings,
  today: string,
) {
  if (booking.status === 'pending') return true;
  if (booking.status !== 'approved' || !contract) return false;
  if (contract.status === 'scheduled') return true;
  if (contract.status !== 'active') return false;
  const window = trialWindow(settings.openingDate, contract.startDate);
  return !window || today < window.end;
}

export async function listBookings(ctx: VendorContext, vendorId: string): Promise<Booking[]> {
  const rows = await ctx.db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, vendorId))
    .orderBy(desc(bookingRequests.createdAt));
  const facts = await contractFacts(ctx.db, vendorId);
  const today = isoDayInBerlin();
  return rows.map((row) => {
    const contract = facts.find((c) => c.bookingRequestId === row.id);
    return {
      id: row.id,
      status: row.status as Booking['status'],
      statusLabel: BOOKING_STATUS_LABELS[row.status as Booking['status']] ?? row.status,
      origin: row.origin as Booking['origin'],
      createdAt: row.createdAt.toISOString(),
      monthlyPrice: row.monthlyPriceCents,
      packageData: row.packageData as Booking['packageData'],
      comments: row.comments,
      cancelReason: row.cancelReason,
      rejectionReason: row.rejectionReason,
      cancellable: isCancellable(row, contract, ctx.settings, today),
    };
  });
}

export async function addBooking(
  ctx: VendorContext,
  vendor: VendorRow,
  data: PackageData,
  now = new Date(),
): Promise<{ message: string; booking: Booking }> {
  const pkg = pricePackage(data);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingRequests)
      .values({
        vendorId: vendor.id,
        origin: 'additional',
        provisionType: pkg.provisionType,
        rentalDuration: pkg.rentalDuration,
        monthlyPriceCents: pkg.price.monthlyTotal,
        packageData: pkg,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: bookingRequests.id });
    await enqueueMail(tx, {
      to: vendor.email,
      kind: 'booking-received',
      ...additionalBookingMail(ctx.settings, { name: vendor.name, pkg }),
    });
    await enqueueMail(tx, {
      to: ctx.settings.email,
      replyTo: vendor.email,
      kind: 'booking-notification',
      ...newBookingNotificationMail(ctx.settings, {
        vendorName: vendor.name,
        unternehmen: vendor.unternehmen,
        email: vendor.email,
        telefon: vendor.telefon,
        kind: 'additional',
        pkg,
      }),
    });
    return row!.id;
  });
  const booking = (await listBookings(ctx, vendor.id)).find((b) => b.id === id)!;
  return { message: MESSAGES.bookingReceived, booking };
}

/** Cancels a pending booking, or one whose contract is still in its trial (then the contract ends today). */
export async function cancelBooking(
  ctx: VendorContext,
  vendor: VendorRow,
  bookingId: string,
  reason: string | undefined,
  now = new Date(),
): Promise<{ message: string }> {
  if (!isUuid(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const today = isoDayInBerlin(now);
  await ctx.db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.id, bookingId), eq(bookingRequests.vendorId, vendor.id)))
      .for('update');
    if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
    const linked = await tx
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.bookingRequestId, booking.id),
          inArray(contracts.status, ['scheduled', 'active']),
        ),
      );
    if (!isCancellable(booking, linked[0], ctx.settings, today)) {
      throw new HttpError(409, MESSAGES.bookingNotCancellable);
    }
    for (const contract of linked) {
      await tx
        .update(contracts)
        .set({ status: 'terminated', endDate: today, updatedAt: now })
        .where(eq(contracts.id, contract.id));
    }
    await tx
      .update(bookingRequests)
      .set({ status: 'cancelled', cancelReason: reason ?? null, updatedAt: now, decidedAt: now })
      .where(eq(bookingRequests.id, booking.id));
    await enqueueMail(tx, {
      to: vendor.email,
      kind: 'booking-cancelled',
      ...bookingCancelledMail(ctx.settings, {
        name: vendor.name,
        pkg: booking.packageData as PricedSelection,
        reason,
      }),
    });
    await enqueueMail(tx, {
      to: ctx.settings.email,
      replyTo: vendor.email,
      kind: 'booking-cancelled-notification',
      subject: `Stornierung: ${vendor.unternehmen || vendor.name}`,
      text: `${vendor.name} (${vendor.email}) hat eine Buchung storniert.${reason ? `\nGrund: ${reason}` : ''}`,
    });
  });
  return { message: MESSAGES.bookingCancelled };
}
