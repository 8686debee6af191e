import { clock } from '@housnkuh/shared/clock';
import { TRIAL_DAYS } from '@housnkuh/shared/catalog';
import { ACCOUNT, VALIDATION } from '@housnkuh/shared/messages';
import { packageDataAnswer } from '@housnkuh/shared/package-data';
import type { Preregistration } from '@housnkuh/shared/schemas/registration';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens } from './schema';
import { transaction } from '../../db/transaction';
import { GoneError, InvalidError } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import {
  insertBookingRequest,
  latestPackageOf,
  newBookingNotificationMail,
  pricePackage,
} from '../bookings/public';
import { contractFacts, isShopOpen, LIVE_CONTRACT_STATUSES } from '../contracts/public';
import { enqueueDeferredMail, enqueueMail } from '../mail/public';
import {
  confirmVendorEmail,
  createVendor,
  vendorAccounts,
  vendorIdByEmail,
} from '../vendors/public';

export interface AccountContext {
  db: Database;
  settings: SiteSettings;
}

/**
 * A registration, or a pre-registration, which may come without a package
 * (docs/product/vendor-lifecycle.md: interest before choosing space); then no
 * booking request is stored. The route's schema ensures a registration has one.
 */
/** Whether no account uses this (normalised) address yet. */
export async function isEmailAvailable(db: Database, email: string): Promise<boolean> {
  return (await vendorIdByEmail(db, email)) === undefined;
}

/**
 * Registers a vendor (or pre-registers one), with the booking request of the
 * chosen package, the confirmation mail and the shop's notification, in one
 * transaction.
 */
export async function register(
  ctx: AccountContext,
  input: Preregistration,
  kind: 'registration' | 'preregistration',
  now = clock.now(),
): Promise<{
  userId: string;
  message: string;
  openingInfo?: { isOpen: boolean; openingDate: string | null; message: string };
}> {
  const pkg = input.packageData ? pricePackage(input.packageData) : null;
  const emailTaken = () =>
    new InvalidError(VALIDATION.fixMarkedFields, [{ field: 'email', message: ACCOUNT.emailTaken }]);
  if (!(await isEmailAvailable(ctx.db, input.email))) throw emailTaken();
  const passwordHash = await hashPassword(input.password);

  let userId: string;
  try {
    userId = await transaction(ctx.db, async (tx) => {
      // its address is geocoded in the background
      const id = await createVendor(tx, {
        email: input.email,
        publicEmail: input.email,
        passwordHash,
        name: input.name,
        telefon: input.telefon ?? null,
        unternehmen: input.unternehmen ?? null,
        strasse: input.strasse,
        hausnummer: input.hausnummer,
        plz: input.plz,
        ort: input.ort,
        comments: input.comments ?? null,
        registrationKind: kind,
        confirmationSentAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (pkg) {
        await insertBookingRequest(
          tx,
          { vendorId: id, origin: kind, pkg, comments: input.comments },
          now,
        );
      }
      // the link's token is issued when the mail is sent (accountMailRenderers)
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

  if (kind === 'registration') return { userId, message: ACCOUNT.registered };
  const phase = shopPhase(ctx.settings.openingDate);
  return {
    userId,
    message: ACCOUNT.preregistered,
    openingInfo: {
      isOpen: phase.phase === 'open',
      openingDate: ctx.settings.openingDate,
      message: trialStartText(phase, TRIAL_DAYS),
    },
  };
}

export async function confirmEmail(ctx: AccountContext, token: string, now = clock.now()) {
  const [row] = await ctx.db
    .select({
      token: accountTokens,
      vendor: {
        id: vendorAccounts.id,
        name: vendorAccounts.name,
        email: vendorAccounts.email,
        emailConfirmedAt: vendorAccounts.emailConfirmedAt,
      },
    })
    .from(accountTokens)
    .innerJoin(vendorAccounts, eq(vendorAccounts.id, accountTokens.vendorId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'confirm-email'),
      ),
    );
  if (!row) throw new InvalidError(ACCOUNT.confirmInvalid);
  const alreadyConfirmed = Boolean(row.vendor.emailConfirmedAt);
  if (row.token.expiresAt <= now && !alreadyConfirmed) {
    throw new GoneError(ACCOUNT.confirmExpired);
  }
  // Only the call that confirms answers with personal data; the link stays
  // readable for 30 days (account-cleanup.ts), so every later call, and the
  // loser of two parallel ones, only hears "already confirmed".
  const confirmedNow =
    !alreadyConfirmed &&
    (await ctx.db.transaction(async (tx) => {
      const confirmed = await confirmVendorEmail(tx, row.vendor.id, now);
      await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
      return confirmed;
    }));
  if (!confirmedNow) return { message: ACCOUNT.alreadyConfirmed, alreadyConfirmed: true };
  const latest = await latestPackageOf(ctx.db, row.vendor.id);
  const facts = await contractFacts(ctx.db, row.vendor.id);
  return {
    message: ACCOUNT.confirmed,
    alreadyConfirmed: false,
    vendor: {
      id: row.vendor.id,
      name: row.vendor.name,
      email: row.vendor.email,
      packageData: latest ? packageDataAnswer(latest) : null,
      contractData: {
        status: facts.some((c) => LIVE_CONTRACT_STATUSES.has(c.status))
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
 * the worker renders it (accountMailRenderers), so the answer and its timing
 * reveal nothing.
 */
export async function resendConfirmation(ctx: AccountContext, email: string) {
  await enqueueDeferredMail(ctx.db, {
    to: email,
    kind: 'vendor-confirm',
    params: { resend: true },
  });
  return { message: ACCOUNT.resendSent };
}
