import {
  BOOKING_STATUS_LABELS,
  type Booking,
  type VendorUser,
} from '@housnkuh/shared/schemas/vendor';
import { ERRORS, VALIDATION } from '@housnkuh/shared/messages';
import { packageDataAnswer } from '@housnkuh/shared/package-data';
import { priceSelection, type PricedSelection } from '@housnkuh/shared/pricing';
import type { PackageData, PackageDataAnswer } from '@housnkuh/shared/schemas/booking';
import type { Preregistration } from '@housnkuh/shared/schemas/registration';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens, loginFailures } from '../../db/schema/accounts';
import { bookingRequests, contracts, vendors } from '../../db/schema/vendors';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueDeferredMail, enqueueMail, type MailRenderer } from '../../mail/outbox';
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
  emailTaken: ERRORS.emailTaken,
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

/**
 * A registration, or a pre-registration, which may come without a package
 * (PRODUCT.md "Vendor lifecycle": interest before choosing space); then no
 * booking request is stored. The route's schema ensures a registration has one.
 */
/** Whether no account uses this (normalised) address yet. */
export async function isEmailAvailable(db: Database, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.email, email));
  return !existing;
}

export async function register(
  ctx: VendorContext,
  input: Preregistration,
  kind: 'registration' | 'preregistration',
  now = new Date(),
): Promise<{
  userId: string;
  message: string;
  openingInfo?: { isOpen: boolean; openingDate: string | null; message: string };
}> {
  const pkg = input.packageData ? pricePackage(input.packageData) : null;
  const emailTaken = () =>
    new HttpError(400, VALIDATION.fixMarkedFields, [
      { field: 'email', message: MESSAGES.emailTaken },
    ]);
  if (!(await isEmailAvailable(ctx.db, input.email))) throw emailTaken();
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
      if (pkg) {
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
      }
      // the link's token is issued when the mail is sent (vendorMailRenderers)
      await enqueueDeferredMail(tx, {
        to: input.email,
        kind: 'vendor-confirm',
        params: { vendorId: id },
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
  const phase = shopPhase(ctx.settings.openingDate);
  return {
    userId,
    message: MESSAGES.preregistered,
    openingInfo: {
      isOpen: phase.phase === 'open',
      openingDate: ctx.settings.openingDate,
      message: trialStartText(phase, TRIAL_DAYS),
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
  // Only the call that confirms answers with personal data; the link stays
  // readable for 30 days (account-cleanup.ts), so every later call, and the
  // loser of two parallel ones, only hears "already confirmed".
  const confirmedNow =
    !alreadyConfirmed &&
    (await ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(vendors)
        .set({ emailConfirmedAt: now, updatedAt: now })
        .where(and(eq(vendors.id, row.vendor.id), isNull(vendors.emailConfirmedAt)))
        .returning({ id: vendors.id });
      await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
      return updated.length > 0;
    }));
  if (!confirmedNow) return { message: MESSAGES.alreadyConfirmed, alreadyConfirmed: true };
  const [latest] = await ctx.db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, row.vendor.id))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(1);
  const facts = await contractFacts(ctx.db, row.vendor.id);
  return {
    message: MESSAGES.confirmed,
    alreadyConfirmed: false,
    vendor: {
      id: row.vendor.id,
      name: row.vendor.name,
      email: row.vendor.email,
      packageData: latest ? packageDataAnswer(latest.packageData as PricedSelection) : null,
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

/**
 * Queues a request for a new confirmation link. Known and unknown addresses
 * take the same path (one outbox row): whether a mail is due is decided when
 * the worker renders it (vendorMailRenderers), so the answer and its timing
 * reveal nothing.
 */
export async function resendConfirmation(ctx: VendorContext, email: string) {
  await enqueueDeferredMail(ctx.db, {
    to: email,
    kind: 'vendor-confirm',
    params: { resend: true },
  });
  return { message: MESSAGES.resendSent };
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
/** Wrong passwords for an account (from all clients) before its answers slow down. */
const LOGIN_SLOW_AFTER = 3;
const LOGIN_MAX_DELAY_MS = 2000;

/**
 * How long a wrong password is answered late, from the account's failures of
 * the last 15 minutes from all clients: nothing for the first three, then
 * 100 ms doubling per failure, at most 2 s.
 */
export function loginFailureDelayMs(accountFailures: number): number {
  if (accountFailures < LOGIN_SLOW_AFTER) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 100 * 2 ** (accountFailures - LOGIN_SLOW_AFTER));
}

/**
 * Claims one login attempt for an account from a client, before its password
 * is checked: under a per-account lock, counts the failures of the last 15
 * minutes and, unless this client already has 10 for this account, records
 * this attempt as a failure. Parallel requests therefore cannot all pass the
 * count before any failure is stored. The lockout is per (account, client),
 * so nobody can lock the owner out from elsewhere (docs/decisions/0011);
 * answers the account's failures from all clients before this one (they slow
 * wrong answers down), or null when this client is locked out.
 */
async function claimLoginAttempt(
  db: Database,
  accountKey: string,
  clientKey: string,
  now: Date,
): Promise<{ id: string; accountFailures: number } | null> {
  return db.transaction(async (tx) => {
    // released with the transaction; PGlite runs transactions one at a time anyway
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}::int, hashtext(${accountKey}::text))`,
    );
    const [counts] = await tx
      .select({
        all: count(),
        fromClient:
          sql<number>`count(*) filter (where ${loginFailures.clientKey} = ${clientKey})`.mapWith(
            Number,
          ),
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        ),
      );
    if ((counts?.fromClient ?? 0) >= LOGIN_MAX_FAILURES) return null;
    const [row] = await tx
      .insert(loginFailures)
      .values({ accountKey, clientKey, createdAt: now })
      .returning({ id: loginFailures.id });
    return { id: row!.id, accountFailures: counts?.all ?? 0 };
  });
}

/**
 * Checks a vendor's password. `client` is the client's address (request.ip):
 * 10 wrong passwords for an account from one client lock that client out of
 * it for 15 minutes (429); other clients, the owner among them, can still log
 * in, only their wrong passwords are answered late while the account is
 * under attack.
 */
export async function login(
  ctx: VendorContext,
  email: string,
  password: string,
  client: string,
  now = new Date(),
): Promise<{ token: string; user: VendorUser }> {
  const accountKey = `vendor:${email}`;
  const attempt = await claimLoginAttempt(ctx.db, accountKey, client, now);
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
    // the claimed attempt stays as the failure. The delay is a timer: it
    // holds no database connection and no CPU, and each client can have at
    // most 10 such answers per account pending (then 429 at once).
    const delay = loginFailureDelayMs(attempt.accountFailures);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    throw new HttpError(401, ERRORS.invalidCredentials);
  }
  if (!vendor.emailConfirmedAt) {
    await withdraw();
    throw new HttpError(403, MESSAGES.notConfirmed);
  }
  // this client's failures are forgiven; others' keep their lockout and the slow-down
  await ctx.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.clientKey, client)));
  const session = await createSession(ctx.db, 'vendor', vendor.id, now);
  return { token: session.token, user: await vendorUser(ctx, vendor) };
}

// ---------------------------------------------------------------------------
// Password reset

/**
 * Queues a reset link. Known and unknown addresses take the same path (one
 * outbox row); the worker decides whether a mail is due (vendorMailRenderers).
 */
export async function requestPasswordReset(ctx: VendorContext, email: string) {
  await enqueueDeferredMail(ctx.db, { to: email, kind: 'password-reset', params: {} });
  return { message: MESSAGES.resetRequested };
}

export interface VendorMailDeps {
  db: Database;
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
}

/**
 * The link mails of vendor accounts, rendered when the outbox sends them: the
 * token is issued here and exists only in the mail (docs/decisions/0004).
 * A link mailed less than 5 minutes ago is not mailed again.
 */
export function vendorMailRenderers(deps: VendorMailDeps): Record<string, MailRenderer> {
  return {
    'vendor-confirm': async (params, mail) => {
      const resend = params.resend === true;
      const settings = await deps.settings();
      // the vendor's row stays locked until the link is issued: two instances
      // rendering two requests at once send one mail, not two
      return deps.db.transaction(async (tx) => {
        const [vendor] = await tx
          .select()
          .from(vendors)
          .where(
            typeof params.vendorId === 'string'
              ? eq(vendors.id, params.vendorId)
              : eq(vendors.email, mail.to),
          )
          .for('update');
        if (!vendor || vendor.emailConfirmedAt || !vendor.passwordHash) return null;
        if (
          resend &&
          mail.attempt === 1 &&
          vendor.confirmationSentAt &&
          mail.now.getTime() - vendor.confirmationSentAt.getTime() <= MAIL_AGAIN_AFTER_MS
        ) {
          return null;
        }
        const token = await issueToken(tx, vendor.id, 'confirm-email', CONFIRM_VALID_MS, mail.now);
        if (resend) {
          await tx
            .update(vendors)
            .set({ confirmationSentAt: mail.now })
            .where(eq(vendors.id, vendor.id));
        }
        const [latest] = await tx
          .select()
          .from(bookingRequests)
          .where(eq(bookingRequests.vendorId, vendor.id))
          .orderBy(desc(bookingRequests.createdAt))
          .limit(1);
        return {
          ...vendorConfirmationMail(settings, {
            name: vendor.name,
            confirmUrl: `${deps.publicUrl}/vendor/confirm?token=${token}`,
            pkg: (latest?.packageData as PricedSelection | undefined) ?? null,
            preregistration: vendor.registrationKind === 'preregistration',
          }),
          secret: token,
        };
      });
    },
    'password-reset': async (_params, mail) => {
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const [vendor] = await tx
          .select()
          .from(vendors)
          .where(eq(vendors.email, mail.to))
          .for('update');
        if (!vendor?.passwordHash) return null;
        if (mail.attempt === 1) {
          const [recent] = await tx
            .select({ n: count() })
            .from(accountTokens)
            .where(
              and(
                eq(accountTokens.vendorId, vendor.id),
                eq(accountTokens.purpose, 'reset-password'),
                gt(accountTokens.createdAt, new Date(mail.now.getTime() - MAIL_AGAIN_AFTER_MS)),
              ),
            );
          if ((recent?.n ?? 0) > 0) return null;
        }
        const token = await issueToken(tx, vendor.id, 'reset-password', RESET_VALID_MS, mail.now);
        return {
          ...passwordResetMail(settings, {
            name: vendor.name,
            resetUrl: `${deps.publicUrl}/vendor/passwort-zuruecksetzen?token=${token}`,
          }),
          secret: token,
        };
      });
    },
  };
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
    return bookingAnswer(row, isCancellable(row, contract, ctx.settings, today));
  });
}

function bookingAnswer(row: BookingRow, cancellable: boolean): Booking {
  return {
    id: row.id,
    status: row.status as Booking['status'],
    statusLabel: BOOKING_STATUS_LABELS[row.status as Booking['status']] ?? row.status,
    origin: row.origin as Booking['origin'],
    createdAt: row.createdAt.toISOString(),
    monthlyPrice: row.monthlyPriceCents,
    packageData: packageDataAnswer(row.packageData as PricedSelection),
    comments: row.comments,
    cancelReason: row.cancelReason,
    rejectionReason: row.rejectionReason,
    cancellable,
  };
}

/** The vendor's latest booking request still waiting for the operator (the profile's pendingBooking). */
export async function pendingBookingOf(
  db: Executor,
  vendorId: string,
): Promise<{ id: string; createdAt: string; packageData: PackageDataAnswer } | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), eq(bookingRequests.status, 'pending')))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    packageData: packageDataAnswer(row.packageData as PricedSelection),
  };
}

/** Key space of the per-vendor booking lock (pg_advisory_xact_lock(int, int)). */
const BOOKING_LOCK_SPACE = 4713;
/** An identical additional booking within this time is taken as a retry of the first. */
export const BOOKING_RETRY_WINDOW_MS = 10 * 60_000;

/** What makes two bookings the same request: model, duration, services, areas and counts. */
function sameChoice(a: PricedSelection, b: PricedSelection): boolean {
  const key = (p: PricedSelection) =>
    JSON.stringify([
      p.provisionType,
      p.rentalDuration,
      p.zusatzleistungen.lagerservice,
      p.zusatzleistungen.versandservice,
      p.items.map((item) => [item.id, item.count]),
    ]);
  return key(a) === key(b);
}

/**
 * An additional booking. A retried request (the same package again while the
 * first one is still pending, within BOOKING_RETRY_WINDOW_MS) answers with
 * the booking already made and books and mails nothing again; a per-vendor
 * lock makes that hold for parallel requests too. The answer is built from
 * what was committed, with no read afterwards, so a committed booking is
 * never answered with an error (docs/decisions/0011).
 */
export async function addBooking(
  ctx: VendorContext,
  vendor: VendorRow,
  data: PackageData,
  now = new Date(),
): Promise<{ message: string; booking: Booking }> {
  const pkg = pricePackage(data);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${BOOKING_LOCK_SPACE}::int, hashtext(${vendor.id}::text))`,
    );
    const recent = await tx
      .select()
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.vendorId, vendor.id),
          eq(bookingRequests.origin, 'additional'),
          eq(bookingRequests.status, 'pending'),
          gt(bookingRequests.createdAt, new Date(now.getTime() - BOOKING_RETRY_WINDOW_MS)),
        ),
      );
    const retried = recent.find((booking) =>
      sameChoice(booking.packageData as PricedSelection, pkg),
    );
    if (retried) return retried;

    const [inserted] = await tx
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
      .returning();
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
    return inserted!;
  });
  // a pending request can always be cancelled
  return { message: MESSAGES.bookingReceived, booking: bookingAnswer(row, true) };
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
