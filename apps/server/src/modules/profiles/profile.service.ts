import { clock } from '@housnkuh/shared/clock';
import {
  maskIban,
  PROFILE_MESSAGES,
  type vendorBusinessUpdateSchema,
  type vendorProfileUpdateSchema,
} from '@housnkuh/shared/schemas/vendor-profile';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { images } from '../../db/schema/media';
import { tags, vendors, vendorTags } from '../../db/schema/vendors';
import { transaction } from '../../db/transaction';
import { InvalidError } from '../../lib/domain-errors';
import { verifyPassword } from '../../lib/passwords';
import { queueGeocoding } from '../geocoding/public';
import { bankChangedMail, enqueueMail } from '../mail/public';
import { storeImage, ImageRejectedError, type ImageKind } from '../media/public';
import { searchColumns, sessionVendor, type VendorRow } from '../vendors/public';

export type ProfileUpdate = z.output<typeof vendorProfileUpdateSchema>;
export type BusinessUpdate = z.output<typeof vendorBusinessUpdateSchema>;

export interface ProfileContext {
  db: Database;
  settings: SiteSettings;
}

/** Addresses are compared the way people read them: case and spacing do not count. */
function sameAddress(vendor: VendorRow, input: ProfileUpdate): boolean {
  const norm = (value: string | null | undefined) =>
    (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return (
    norm(vendor.strasse) === norm(input.strasse) &&
    norm(vendor.hausnummer) === norm(input.hausnummer) &&
    norm(vendor.plz) === norm(input.plz) &&
    norm(vendor.ort) === norm(input.ort)
  );
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
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!vendor) return sessionVendor(tx, vendorId).then(() => ({ addressChanged: false }));
    const chosen = input.tagIds.length
      ? await tx
          .select({ id: tags.id, name: tags.name })
          .from(tags)
          .where(inArray(tags.id, input.tagIds))
      : [];
    if (chosen.length !== input.tagIds.length) {
      throw new InvalidError(PROFILE_MESSAGES.unknownTag, [
        { field: 'tagIds', message: PROFILE_MESSAGES.unknownTag },
      ]);
    }
    const addressChanged = !sameAddress(vendor, input);
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
    await tx
      .update(vendors)
      .set({
        ...fields,
        ...searchColumns(
          {
            name: fields.name,
            unternehmen: fields.unternehmen,
            beschreibung: fields.beschreibung,
            ort: fields.ort,
          },
          chosen.map((tag) => tag.name),
        ),
        ...(addressChanged ? queueGeocoding(tx) : {}),
        updatedAt: clock.now(),
      })
      .where(eq(vendors.id, vendorId));
    await tx.delete(vendorTags).where(eq(vendorTags.vendorId, vendorId));
    if (chosen.length) {
      await tx.insert(vendorTags).values(chosen.map((tag) => ({ vendorId, tagId: tag.id })));
    }
    return { addressChanged };
  });
}

const IMAGE_COLUMN = { profile: 'profileImageId', banner: 'bannerImageId' } as const;

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
  await transaction(ctx.db, async (tx) => {
    let imageId: string;
    try {
      imageId = await storeImage(tx, { vendorId, kind, data });
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        throw new InvalidError(error.message, [{ field: 'file', message: error.message }]);
      }
      throw error;
    }
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
  const column = IMAGE_COLUMN[kind];
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
  const previous = vendor?.[column] ?? null;
  await tx
    .update(vendors)
    .set({ [column]: imageId, updatedAt: clock.now() })
    .where(eq(vendors.id, vendorId));
  if (previous && previous !== imageId) await tx.delete(images).where(eq(images.id, previous));
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
    const ok = vendor.passwordHash
      ? await verifyPassword(vendor.passwordHash, input.currentPassword)
      : false;
    if (!ok) {
      throw new InvalidError(PROFILE_MESSAGES.wrongPassword, [
        { field: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword },
      ]);
    }
  }
  await transaction(ctx.db, async (tx) => {
    await tx
      .update(vendors)
      .set({
        taxStatus: input.taxStatus,
        steuernummer: input.steuernummer ?? null,
        ustIdNr: input.ustIdNr ?? null,
        iban,
        kontoinhaber,
        ...(bankChanged ? { bankChangedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(vendors.id, vendorId));
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

/** The tags a producer can choose (product categories, then features such as Bio), by name. */
export async function tagChoices(db: Executor) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      slug: tags.slug,
      icon: tags.icon,
      color: tags.color,
      description: tags.description,
      category: tags.category,
    })
    .from(tags)
    .orderBy(desc(eq(tags.category, 'product')), asc(tags.name));
}
