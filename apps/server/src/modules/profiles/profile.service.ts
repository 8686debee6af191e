import { clock } from '@housnkuh/shared/clock';
import {
  maskIban,
  PROFILE_MESSAGES,
  type vendorBusinessUpdateSchema,
  type vendorProfileUpdateSchema,
} from '@housnkuh/shared/schemas/vendor-profile';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { InvalidError } from '../../lib/domain-errors';
import { checkCurrentPassword } from '../accounts/public';
import { setVendorTags, tagsById } from '../directory/public';
import { enqueueMail } from '../mail/public';
import { bankChangedMail } from './mails';
import {
  deleteImage,
  ImageRejectedError,
  prepareImage,
  saveImage,
  type ImageKind,
  type PreparedImage,
} from '../media/public';
import {
  sessionVendor,
  setVendorPicture,
  updateVendorBusiness,
  updateVendorProfile,
  vendorForUpdate,
} from '../vendors/public';

export type ProfileUpdate = z.output<typeof vendorProfileUpdateSchema>;
export type BusinessUpdate = z.output<typeof vendorBusinessUpdateSchema>;

export interface ProfileContext {
  db: Database;
  settings: SiteSettings;
}

/**
 * Saves every public field of the producer's profile with its categories; a
 * changed address is geocoded again (decision 0012), the search columns are
 * written with it. Answers whether the address changed.
 */
export async function updateProfile(
  ctx: ProfileContext,
  vendorId: string,
  input: ProfileUpdate,
): Promise<{ addressChanged: boolean }> {
  return transaction(ctx.db, async (tx) => {
    const vendor = await vendorForUpdate(tx, { id: vendorId });
    if (!vendor) return sessionVendor(tx, vendorId).then(() => ({ addressChanged: false }));
    const chosen = await tagsById(tx, input.tagIds);
    if (chosen.length !== input.tagIds.length) {
      throw new InvalidError(PROFILE_MESSAGES.unknownTag, [
        { field: 'tagIds', message: PROFILE_MESSAGES.unknownTag },
      ]);
    }
    const fields = {
      name: input.name,
      unternehmen: input.unternehmen ?? null,
      slogan: input.slogan ?? null,
      beschreibung: input.beschreibung ?? null,
      telefon: input.telefon ?? null,
      publicEmail: input.publicEmail ?? null,
      website: input.website ?? null,
      facebook: input.facebook ?? null,
      instagram: input.instagram ?? null,
      oeffnungszeiten: input.oeffnungszeiten,
      strasse: input.strasse,
      hausnummer: input.hausnummer,
      plz: input.plz,
      ort: input.ort,
      profileVisible: input.profileVisible,
    };
    const { addressChanged } = await updateVendorProfile(
      tx,
      vendor,
      fields,
      chosen.map((tag) => tag.name),
    );
    await setVendorTags(
      tx,
      vendorId,
      chosen.map((tag) => tag.id),
    );
    return { addressChanged };
  });
}

/**
 * Stores an uploaded picture (checked and re-encoded by the media module) as
 * the producer's profile picture or banner; the one it replaces is deleted.
 */
export async function setPicture(
  ctx: ProfileContext,
  vendorId: string,
  kind: ImageKind,
  data: Buffer,
): Promise<void> {
  await sessionVendor(ctx.db, vendorId);
  // checked and re-encoded (through the media module's queue) before the transaction, so no
  // database connection waits for the picture
  let prepared: PreparedImage;
  try {
    prepared = await prepareImage({ kind, data });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      throw new InvalidError(error.message, [{ field: 'file', message: error.message }]);
    }
    throw error;
  }
  await transaction(ctx.db, async (tx) => {
    const imageId = await saveImage(tx, vendorId, prepared);
    await replacePicture(tx, vendorId, kind, imageId);
  });
}

/** Removes the producer's profile picture or banner. */
export async function removePicture(
  ctx: ProfileContext,
  vendorId: string,
  kind: ImageKind,
): Promise<void> {
  await sessionVendor(ctx.db, vendorId);
  await transaction(ctx.db, (tx) => replacePicture(tx, vendorId, kind, null));
}

async function replacePicture(
  tx: Executor,
  vendorId: string,
  kind: ImageKind,
  imageId: string | null,
) {
  const previous = await setVendorPicture(tx, vendorId, kind, imageId);
  if (previous && previous !== imageId) await deleteImage(tx, previous);
}

/**
 * Saves tax status, tax number and bank account. A new or changed bank
 * account needs the current password and is mailed to the account's address
 * (someone who got hold of a session must not quietly redirect payouts).
 */
export async function updateBusiness(
  ctx: ProfileContext,
  vendorId: string,
  input: BusinessUpdate,
  now = clock.now(),
): Promise<{ bankChanged: boolean }> {
  const vendor = await sessionVendor(ctx.db, vendorId);
  // no IBAN sent: the stored one stays (the form shows it masked and cannot send it back)
  const iban = input.iban ?? vendor.iban;
  const kontoinhaber = iban ? (input.kontoinhaber ?? vendor.kontoinhaber) : null;
  const bankChanged = iban !== vendor.iban || kontoinhaber !== vendor.kontoinhaber;
  if (bankChanged) {
    if (!input.currentPassword) {
      throw new InvalidError(PROFILE_MESSAGES.currentPassword, [
        { field: 'currentPassword', message: PROFILE_MESSAGES.currentPassword },
      ]);
    }
    const ok = await checkCurrentPassword(
      ctx.db,
      { kind: 'vendor', id: vendor.id, passwordHash: vendor.passwordHash },
      input.currentPassword,
      PROFILE_MESSAGES.tooManyPasswordFailures,
      now,
    );
    if (!ok) {
      throw new InvalidError(PROFILE_MESSAGES.wrongPassword, [
        { field: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword },
      ]);
    }
  }
  await transaction(ctx.db, async (tx) => {
    await updateVendorBusiness(
      tx,
      vendorId,
      {
        taxStatus: input.taxStatus,
        steuernummer: input.steuernummer ?? null,
        ustIdNr: input.ustIdNr ?? null,
        iban,
        kontoinhaber,
      },
      now,
      bankChanged ? now : undefined,
    );
    if (bankChanged) {
      await enqueueMail(tx, {
        to: vendor.email,
        replyTo: ctx.settings.email,
        kind: 'bank-changed',
        ...bankChangedMail(ctx.settings, {
          name: vendor.name,
          at: now,
          ibanMasked: maskIban(iban!),
          kontoinhaber: kontoinhaber ?? '–',
        }),
      });
    }
  });
  return { bankChanged };
}
