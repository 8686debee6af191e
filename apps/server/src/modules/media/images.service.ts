import { PICTURE_MAX_BYTES } from '@housnkuh/shared/limits';
import { PICTURE_MESSAGES } from '@housnkuh/shared/schemas/vendor-profile';
import { and, eq, gte, inArray } from 'drizzle-orm';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
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
/**
 * The most pixels a picture may have: 40 megapixels (a 7,700 × 5,200 photo,
 * more than any phone takes). A small file may declare far more (a 32 KB PNG
 * of 16,383 × 16,383 pixels); it is refused from its header, before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

// libvips works on one core per picture, so a picture never takes every core
sharp.concurrency(1);

export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

const NOT_READABLE = 'Die Datei ist kein lesbares Bild.';
const TOO_MANY_PIXELS = 'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).';
/** sharp's error for a picture over `limitInputPixels`. */
const tooManyPixels = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/**
 * A queue for work that takes a core (decoding and encoding pictures): at most
 * `concurrency` jobs run at once, the others wait in order. In-process, so
 * each server instance has its own.
 */
export class WorkQueue {
  private running = 0;
  private mostAtOnce = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  run<T>(job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
        let work: Promise<T>;
        try {
          work = job();
        } catch (error) {
          work = Promise.reject(error as Error);
        }
        void work.then(resolve, reject).finally(() => {
          this.running--;
          this.waiting.shift()?.();
        });
      };
      if (this.running < this.concurrency) start();
      else this.waiting.push(start);
    });
  }

  /** Jobs running and waiting now, and the most that ever ran at once. */
  stats(): { running: number; waiting: number; mostAtOnce: number } {
    return { running: this.running, waiting: this.waiting.length, mostAtOnce: this.mostAtOnce };
  }
}

/** Every picture is checked and re-encoded through this queue, one at a time. */
export const imageWork = new WorkQueue(1);

export interface PreparedImage {
  kind: ImageKind;
  variants: { width: number; height: number; data: Buffer }[];
}

async function encode(data: Buffer, kind: ImageKind, generated: boolean): Promise<PreparedImage> {
  const options = { density: 144, limitInputPixels: MAX_IMAGE_PIXELS };
  let meta: Metadata;
  try {
    // the header only: format and size, nothing decoded yet
    meta = await sharp(data, options).metadata();
  } catch (error) {
    throw new ImageRejectedError(tooManyPixels(error) ? TOO_MANY_PIXELS : NOT_READABLE);
  }
  const format = meta.format as string | undefined;
  if (!format || !(ACCEPTED.has(format) || (generated && format === 'svg'))) {
    throw new ImageRejectedError(PICTURE_MESSAGES.type);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(TOO_MANY_PIXELS);
  }
  const widths = [...IMAGE_WIDTHS[kind]].sort((a, b) => b - a);
  const size = (width: number) => ({ width, height: Math.round(width * RATIO[kind]) });
  // decoded once: turned upright, cropped to the kind and scaled to the largest
  // width; the smaller widths are made from that, not from the upload
  let largest: { data: Buffer; info: OutputInfo };
  try {
    largest = await sharp(data, options)
      .rotate()
      .resize(size(widths[0]!).width, size(widths[0]!).height, {
        fit: 'cover',
        position: 'attention',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRejectedError(tooManyPixels(error) ? TOO_MANY_PIXELS : NOT_READABLE);
  }
  const raw = {
    raw: {
      width: largest.info.width,
      height: largest.info.height,
      channels: largest.info.channels,
    },
  };
  const variants: PreparedImage['variants'] = [];
  for (const width of widths) {
    const { height } = size(width);
    const encoded = await sharp(largest.data, raw)
      .resize(width, height, { fit: 'fill' })
      .webp({ quality: 80 })
      .toBuffer();
    variants.unshift({ width, height, data: encoded });
  }
  return { kind, variants };
}

/**
 * Checks a picture and re-encodes it to WebP in the fixed widths (cropped to
 * the kind's ratio, metadata such as GPS positions dropped), through the
 * image queue; nothing is stored yet, so no transaction waits for it.
 */
export function prepareImage(input: {
  kind: ImageKind;
  data: Buffer;
  /** Our own generated SVG (demo pictures); uploads are never SVG. */
  generated?: boolean;
}): Promise<PreparedImage> {
  if (input.data.length > MAX_IMAGE_BYTES) {
    return Promise.reject(new ImageRejectedError(PICTURE_MESSAGES.tooLarge));
  }
  return imageWork.run(() => encode(input.data, input.kind, input.generated === true));
}

/** Stores a prepared picture; returns the new image's id. */
export async function saveImage(
  db: Executor,
  vendorId: string | null,
  prepared: PreparedImage,
): Promise<string> {
  const [image] = await db
    .insert(images)
    .values({ vendorId, kind: prepared.kind })
    .returning({ id: images.id });
  await db
    .insert(imageVariants)
    .values(prepared.variants.map((v) => ({ imageId: image!.id, ...v })));
  return image!.id;
}

/** Prepares and stores a picture (prepareImage, saveImage). Returns the new image's id. */
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
  const prepared = await prepareImage(input);
  return saveImage(db, input.vendorId, prepared);
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
