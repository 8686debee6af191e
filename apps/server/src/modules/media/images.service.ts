import { PICTURE_MAX_BYTES } from '@housnkuh/shared/limits';
import { and, eq, gte, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { imageVariants, images } from './schema';

export type ImageKind = 'profile' | 'banner';

/** The widths each kind is stored in (profile square, banner 16:5). */
export const IMAGE_WIDTHS: Record<ImageKind, readonly number[]> = {
  profile: [96, 192, 384],
  banner: [640, 1280],
};
const RATIO: Record<ImageKind, number> = { profile: 1, banner: 5 / 16 };
/** The size the API hands out by default (spec §3 profilBild, bannerBild). */
export const DEFAULT_WIDTH: Record<ImageKind, number> = { profile: 192, banner: 1280 };

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
export const MAX_IMAGE_BYTES = PICTURE_MAX_BYTES;

export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Checks a picture, re-encodes it to WebP in the fixed widths (cropped to the
 * kind's ratio, metadata such as GPS positions dropped) and stores it.
 * Returns the new image's id.
 */
export async function storeImage(
  db: Executor,
  input: {
    vendorId: string | null;
    kind: ImageKind;
    data: Buffer;
    /** Our own generated SVG (demo pictures); uploads are never SVG. */
    generated?: boolean;
  },
): Promise<string> {
  if (input.data.length > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError('Das Bild ist zu groß (höchstens 10 MB).');
  }
  let format: string | undefined;
  try {
    format = (await sharp(input.data).metadata()).format;
  } catch {
    throw new ImageRejectedError('Die Datei ist kein lesbares Bild.');
  }
  if (!format || !(ACCEPTED.has(format) || (input.generated && format === 'svg'))) {
    throw new ImageRejectedError('Erlaubt sind JPEG, PNG und WebP.');
  }
  const variants = await Promise.all(
    IMAGE_WIDTHS[input.kind].map(async (width) => {
      const height = Math.round(width * RATIO[input.kind]);
      const data = await sharp(input.data, { density: 144 })
        .rotate()
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer();
      return { width, height, data };
    }),
  );
  const [image] = await db
    .insert(images)
    .values({ vendorId: input.vendorId, kind: input.kind })
    .returning({ id: images.id });
  await db.insert(imageVariants).values(variants.map((v) => ({ imageId: image!.id, ...v })));
  return image!.id;
}

/** Deletes a picture with all its sizes (one that was replaced or removed). */
export async function deleteImage(db: Executor, imageId: string): Promise<void> {
  await db.delete(images).where(eq(images.id, imageId));
}

/** Deletes every picture of these vendors (with its sizes); answers how many. */
export async function deleteImagesOfVendors(
  db: Executor,
  vendorIds: readonly string[],
): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const deleted = await db
    .delete(images)
    .where(inArray(images.vendorId, [...vendorIds]))
    .returning({ id: images.id });
  return deleted.length;
}

/** The stored variant of at least `width` (else the largest), or undefined. */
export async function findVariant(db: Executor, imageId: string, width: number) {
  const [fitting] = await db
    .select()
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), gte(imageVariants.width, width)))
    .orderBy(imageVariants.width)
    .limit(1);
  if (fitting) return fitting;
  const all = await db
    .select()
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId))
    .orderBy(imageVariants.width);
  return all.at(-1);
}

/** '/api/images/<id>/192': the address of a picture in its default size. */
export function imageUrl(id: string | null, kind: ImageKind): string | null {
  return id ? `/api/images/${id}/${DEFAULT_WIDTH[kind]}` : null;
}
