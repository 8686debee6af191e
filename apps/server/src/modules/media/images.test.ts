import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { profileSvg } from './generated';
import { findVariant, imageWork, ImageRejectedError, storeImage } from './images.service';
import { pngDeclaring, testDatabase } from '../../../test/helpers';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('storeImage', () => {
  it('stores an upload as WebP in the fixed widths, cropped to the kind, without metadata', async () => {
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#2f7d32' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Hof' } } })
      .toBuffer();
    const id = await storeImage(database.db, { vendorId: null, kind: 'banner', data: photo });
    const small = await findVariant(database.db, id, 640);
    expect(small).toMatchObject({ width: 640, height: 200 });
    const meta = await sharp(small!.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect((await findVariant(database.db, id, 5000))!.width).toBe(1280);
  });

  it('rejects what is not a picture, SVG uploads and oversized files with a German message', async () => {
    const attempts: [Buffer, boolean | undefined, string][] = [
      [Buffer.from('kein Bild'), undefined, 'Die Datei ist kein lesbares Bild.'],
      [profileSvg('#000000', 'leaf'), undefined, 'Erlaubt sind JPEG, PNG und WebP.'],
      [Buffer.alloc(11 * 1024 * 1024), undefined, 'Das Bild ist zu groß (höchstens 10 MB).'],
    ];
    for (const [data, generated, message] of attempts) {
      await expect(
        storeImage(database.db, { vendorId: null, kind: 'profile', data, generated }),
      ).rejects.toThrow(new ImageRejectedError(message));
    }
    // our own generated SVG is fine
    const id = await storeImage(database.db, {
      vendorId: null,
      kind: 'profile',
      data: profileSvg('#000000', 'leaf'),
      generated: true,
    });
    expect((await findVariant(database.db, id, 96))!.width).toBe(96);
  });

  it('refuses a picture of more than 40 megapixels, however small its file', async () => {
    const bomb = pngDeclaring(16383, 16383);
    expect(bomb.length).toBeLessThan(100_000);
    await expect(
      storeImage(database.db, { vendorId: null, kind: 'banner', data: bomb }),
    ).rejects.toThrow(
      new ImageRejectedError('Das Bild hat zu viele Pixel (höchstens 40 Megapixel).'),
    );
    // a wide panorama within the limit is fine
    const id = await storeImage(database.db, {
      vendorId: null,
      kind: 'banner',
      data: pngDeclaring(8000, 2000),
    });
    expect((await findVariant(database.db, id, 1280))!.height).toBe(400);
  });

  it('works on one picture at a time, the others wait their turn', async () => {
    const photo = () =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a2b' } })
        .jpeg()
        .toBuffer();
    const data = await Promise.all([photo(), photo(), photo()]);
    const stored = data.map((picture) =>
      storeImage(database.db, { vendorId: null, kind: 'profile', data: picture }),
    );
    expect(imageWork.stats()).toMatchObject({ running: 1, waiting: 2 });
    const ids = await Promise.all(stored);
    expect(new Set(ids).size).toBe(3);
    expect(imageWork.stats()).toMatchObject({ running: 0, waiting: 0, mostAtOnce: 1 });
  });
});
