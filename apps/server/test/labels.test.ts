// The labels PDF (issue 25 "Labels"): rendered to images at 200 dpi (pdftoppm) and every barcode
// decoded back to its number (zbarimg), the text read back (pdftotext).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clock } from '@housnkuh/shared/clock';
import { LABEL_MESSAGES } from '@housnkuh/shared/schemas/labels';
import { ean13CheckDigit, inStoreEan } from '@housnkuh/shared/ean';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { printable, renderLabels } from '../src/modules/products/labels';
import { products } from '../src/modules/products/schema';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, tempDir, type TestApp } from './helpers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = tempDir('housnkuh-labels-');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const URL = '/api/vendor-auth/products/labels.pdf';

/** A producer with a session, as a test fixture straight in the tables. */
async function producer(email: string, name: string, unternehmen: string | null) {
  const [vendor] = await t.database.db
    .insert(vendors)
    .values({ email, name, unternehmen, emailConfirmedAt: clock.now(), ort: 'Kronach' })
    .returning({ id: vendors.id });
  const { token } = await createSession(t.database.db, 'vendor', vendor!.id);
  return { id: vendor!.id, token };
}

/** A product of `vendorId`, inserted as the products module would store it. */
async function product(
  vendorId: string,
  values: Partial<typeof products.$inferInsert> & { name: string; ean: string },
) {
  const [row] = await t.database.db
    .insert(products)
    .values({ vendorId, priceCents: 450, unit: 'Glas', vatRateBp: 700, ...values })
    .returning({ id: products.id });
  return row!.id;
}

const ean = (first12: string) => `${first12}${ean13CheckDigit(first12)}`;

async function labels(token: string, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `${URL}?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The barcodes of each image, in one run of zbarimg (it merges equal codes of one image into one,
 * so each label is an image of its own).
 */
function decode(images: string[]): string[][] {
  const result = spawnSync('zbarimg', ['--xml', '-q', ...images], { encoding: 'utf8' });
  // exit code 4: an image without a barcode
  expect([0, 4], result.stderr).toContain(result.status);
  const sources = [...result.stdout.matchAll(/<source href='([^']*)'>([\s\S]*?)<\/source>/g)];
  expect(sources.map((source) => source[1])).toEqual(images);
  return sources.map((source) =>
    [...source[2]!.matchAll(/<data><!\[CDATA\[(\d+)\]\]><\/data>/g)].map((data) => data[1]!),
  );
}

/** A grey image as pdftoppm writes it (-gray: binary PGM, P5). */
function readPgm(file: string): { width: number; height: number; pixels: Buffer } {
  const data = fs.readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 50).toString('latin1'));
  expect(header, file).not.toBeNull();
  const [all, width, height] = header!;
  return { width: Number(width), height: Number(height), pixels: data.subarray(all.length) };
}

/**
 * Every label's barcode, label by label: each page rendered once (200 dpi unless told), each label cut out
 * of it (cells in mm on the page) so that equal codes count apiece.
 */
function decodeLabels(
  pdf: Buffer,
  name: string,
  cell: { columns: number; rows: number; width: number; height: number; top: number },
  dpi = 200,
): string[][] {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', file, path.join(dir, name)]);
  const pages = fs
    .readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.pgm'))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)![1]) - Number(/-(\d+)\.pgm$/.exec(b)![1]));
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const images: string[] = [];
  for (const page of pages) {
    const image = readPgm(path.join(dir, page));
    for (let slot = 0; slot < cell.columns * cell.rows; slot++) {
      const left = px((slot % cell.columns) * cell.width);
      const top = px(cell.top + Math.floor(slot / cell.columns) * cell.height);
      const width = Math.min(px(cell.width), image.width - left);
      const height = Math.min(px(cell.height), image.height - top);
      const cut = Buffer.alloc(width * height);
      for (let y = 0; y < height; y++) {
        const from = (top + y) * image.width + left;
        image.pixels.copy(cut, y * width, from, from + width);
      }
      const out = path.join(dir, `${page}-${slot}.pgm`);
      fs.writeFileSync(out, Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), cut]));
      images.push(out);
    }
  }
  return decode(images);
}

function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}-text.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('labels PDF (GET /api/vendor-auth/products/labels.pdf)', () => {
  let own: { id: string; token: string };
  let stranger: { id: string; token: string };
  let honey: string;
  let eggs: string;
  let apples: string;
  let inactive: string;
  let foreign: string;
  const honeyEan = ean('400638133393');
  const eggsEan = inStoreEan(4711);
  const applesEan = ean('426012345678');

  beforeAll(async () => {
    own = await producer('imkerei@beispiel.de', 'Jörg Weiß', 'Imkerei Größenbühl');
    stranger = await producer('fremd@beispiel.de', 'Fremde Bäuerin', null);
    honey = await product(own.id, {
      name: 'Blütenhonig cremig aus dem Frankenwald, Ernte Frühsommer',
      ean: honeyEan,
      priceCents: 450,
      unit: 'Glas',
      contentThousandths: 250_000,
      contentMeasure: 'g',
    });
    eggs = await product(own.id, {
      name: 'Eier',
      ean: eggsEan,
      priceCents: 390,
      unit: 'Packung',
      eanInStore: true,
    });
    apples = await product(own.id, {
      name: 'Äpfel Boskoop',
      ean: applesEan,
      priceCents: 299,
      unit: 'kg',
    });
    inactive = await product(own.id, {
      name: 'Alter Käse',
      ean: ean('426012345679'),
      isActive: false,
    });
    foreign = await product(stranger.id, { name: 'Fremdes Brot', ean: ean('426099999999') });
  });

  it('roll labels, one per page: every barcode decodes to its EAN, as many as asked for', async () => {
    const response = await labels(
      own.token,
      `ids=${honey},${eggs},${apples}&counts=2,1,3&format=rolle-50x30`,
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const found = decodeLabels(response.rawPayload, 'roll', {
      columns: 1,
      rows: 1,
      width: 50,
      height: 30,
      top: 0,
    });
    expect(found).toEqual([
      [honeyEan],
      [honeyEan],
      [eggsEan],
      [applesEan],
      [applesEan],
      [applesEan],
    ]);
    const text = pdfText(response.rawPayload, 'roll');
    expect(text).toContain('4,50 € / Glas');
    // 4,50 € for 250 g: 18,00 € per kg
    expect(text).toContain('18,00 € / 1 kg');
    expect(text).toContain('3,90 € / Packung');
    expect(text).toContain('2,99 € / kg');
    expect(text).toContain('Äpfel Boskoop');
    expect(text).toContain('Imkerei Größenbühl');
    // the long name wraps onto a second line and is printed whole
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Blütenhonig cremig aus dem Frankenwald, Ernte Frühsommer',
    );
  });

  it('prints names beyond Latin-1 as written, in the embedded Arimo (no standard font)', async () => {
    const polish = await producer('zak@beispiel.de', 'Łukasz Żak', 'Gospodarstwo Łąka');
    const soup = await product(polish.id, {
      name: 'Żurek śląski – Øl 🍯',
      ean: ean('426077777777'),
      priceCents: 650,
    });
    const response = await labels(polish.token, `ids=${soup}&format=rolle-50x30`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const text = pdfText(response.rawPayload, 'polish');
    expect(text).toContain('Żurek śląski – Øl ?');
    expect(text).toContain('Gospodarstwo Łąka');
    expect(text).toContain('6,50 € / Glas');
    const file = path.join(dir, 'polish-text.pdf');
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    // name, type, encoding, emb, sub, uni, object: Arimo's subsets only, each embedded
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/^[A-Z]{6}\+Arimo\S*\s.*\byes\s+yes\s+yes\b/);
  });

  it('A4 sheets of 3 × 8: each label decodes, a second page when more than 24', async () => {
    const response = await labels(own.token, `ids=${eggs},${honey}&counts=20,7&format=a4-3x8`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const found = decodeLabels(response.rawPayload, 'a4', {
      columns: 3,
      rows: 8,
      width: 70,
      height: 37,
      top: 0.5,
    });
    // two pages: 24 labels, then 3 and 21 empty places
    expect(found).toHaveLength(48);
    expect(found.slice(0, 27)).toEqual([
      ...Array.from({ length: 20 }, () => [eggsEan]),
      ...Array.from({ length: 7 }, () => [honeyEan]),
    ]);
    expect(found.slice(27).every((codes) => codes.length === 0)).toBe(true);
    const text = pdfText(response.rawPayload, 'a4');
    expect(text).toContain('Eier');
    expect(text).toContain('3,90 € / Packung');
    expect(text).toContain('Imkerei Größenbühl');
  });

  it('a partly used A4 sheet: the labels start at the place given, the rest goes on a new sheet', async () => {
    const response = await labels(
      own.token,
      `ids=${eggs},${honey}&counts=2,1&format=a4-3x8&start=23`,
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const found = decodeLabels(response.rawPayload, 'a4-start', {
      columns: 3,
      rows: 8,
      width: 70,
      height: 37,
      top: 0.5,
    });
    expect(found).toHaveLength(48);
    // places 1–22 of the first sheet stay empty (already used)
    expect(found.slice(0, 22).every((codes) => codes.length === 0)).toBe(true);
    expect(found.slice(22, 25)).toEqual([[eggsEan], [eggsEan], [honeyEan]]);
    expect(found.slice(25).every((codes) => codes.length === 0)).toBe(true);
    for (const start of ['0', '25', 'x', '1.5']) {
      const refused = await labels(own.token, `ids=${eggs}&format=a4-3x8&start=${start}`);
      expect(refused.statusCode, start).toBe(400);
      expect(refused.json().message).toBe(LABEL_MESSAGES.start);
    }
  });

  it('without counts one label each, and the roll label by default; scans at 150 dpi too', async () => {
    const response = await labels(own.token, `ids=${apples},${eggs}`);
    expect(response.statusCode).toBe(200);
    const roll = { columns: 1, rows: 1, width: 50, height: 30, top: 0 };
    expect(decodeLabels(response.rawPayload, 'default', roll, 150)).toEqual([
      [applesEan],
      [eggsEan],
    ]);
    expect(decodeLabels(response.rawPayload, 'fine', roll, 300)).toEqual([[applesEan], [eggsEan]]);
  });

  it('another producer’s product or an unknown one: 404; a deactivated one: 400', async () => {
    const other = await labels(own.token, `ids=${honey},${foreign}&counts=1,1`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: 'Produkt nicht gefunden.' });
    const unknown = await labels(own.token, `ids=00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    // the stranger cannot print the producer's products either
    expect((await labels(stranger.token, `ids=${honey}`)).statusCode).toBe(404);
    const off = await labels(own.token, `ids=${inactive}`);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(
      '„Alter Käse“ ist deaktiviert. Für deaktivierte Produkte gibt es keine Etiketten.',
    );
  });

  it('bad parameters: 400 with a German message', async () => {
    const cases: [string, string][] = [
      ['', 'Bitte wähle mindestens ein Produkt für die Etiketten.'],
      ['ids=', 'Bitte wähle mindestens ein Produkt für die Etiketten.'],
      ['ids=abc', 'Die Auswahl der Produkte ist ungültig.'],
      [`ids=${honey},${honey}`, 'Jedes Produkt darf nur einmal in der Auswahl stehen.'],
      [`ids=${honey}&counts=0`, 'Die Anzahl je Produkt muss eine ganze Zahl von 1 bis 200 sein.'],
      [`ids=${honey}&counts=201`, 'Die Anzahl je Produkt muss eine ganze Zahl von 1 bis 200 sein.'],
      [`ids=${honey}&counts=1.5`, 'Die Anzahl je Produkt muss eine ganze Zahl von 1 bis 200 sein.'],
      [`ids=${honey}&counts=-1`, 'Die Anzahl je Produkt muss eine ganze Zahl von 1 bis 200 sein.'],
      [`ids=${honey},${eggs}&counts=1`, 'Gib für jedes ausgewählte Produkt genau eine Anzahl an.'],
      [
        `ids=${honey},${eggs},${apples}&counts=200,200,101`,
        'Ein PDF hat höchstens 500 Etiketten. Bitte teile deinen Druck auf.',
      ],
      [
        `ids=${honey}&format=a5`,
        'Bitte wähle das Format Rollenetikett (rolle-50x30) oder A4-Bogen (a4-3x8).',
      ],
      [`ids=${honey}&ids=${eggs}`, 'Bitte wähle mindestens ein Produkt für die Etiketten.'],
    ];
    for (const [query, message] of cases) {
      const response = await labels(own.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ success: false, message });
    }
    // 500 labels in all are fine
    const most = await labels(own.token, `ids=${honey},${eggs},${apples}&counts=200,200,100`);
    expect(most.statusCode).toBe(200);
  });

  it('needs a producer’s session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${URL}?ids=${honey}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('labels under load (issue 30, item 17)', () => {
  let busy: { id: string; token: string };
  let jam = '';
  beforeAll(async () => {
    busy = await producer('viel@beispiel.de', 'Vera Viel', 'Hof Viel');
    jam = await product(busy.id, { name: 'Erdbeermarmelade', ean: ean('426055555555') });
  });

  it('answers /api/health while 8 big label PDFs render, and the same labels again from the cache', async () => {
    const finished: number[] = [];
    // eight different PDFs (no two alike, so none comes from the cache), 150 roll labels each
    const renders = Array.from({ length: 8 }, (_, i) =>
      labels(busy.token, `ids=${jam}&counts=${150 + i}`).then((response) => {
        finished.push(i);
        return response;
      }),
    );
    // give the renders a start, then ask the health route
    await new Promise((resolve) => setImmediate(resolve));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const doneWhenHealthy = finished.length;
    expect(health.statusCode).toBe(200);
    const responses = await Promise.all(renders);
    for (const response of responses) expect(response.statusCode).toBe(200);
    // the health check waited for none of the labels
    expect(doneWhenHealthy).toBe(0);

    // the same request again: the same bytes (a new render would have a new creation date)
    const again = await labels(busy.token, `ids=${jam}&counts=150`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    // a changed product is another PDF
    await t.database.db.update(products).set({ priceCents: 499 }).where(eq(products.id, jam));
    const changed = await labels(busy.token, `ids=${jam}&counts=150`);
    expect(changed.rawPayload.equals(responses[0]!.rawPayload)).toBe(false);
  });

  it('limits the label PDFs per producer, with a German message', async () => {
    const heavy = await producer('oft@beispiel.de', 'Otto Oft', null);
    const bread = await product(heavy.id, { name: 'Brot', ean: ean('426066666666') });
    for (let i = 0; i < 30; i++) {
      const response = await labels(heavy.token, `ids=${bread}`);
      expect(response.statusCode, String(i)).toBe(200);
    }
    const refused = await labels(heavy.token, `ids=${bread}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Du kannst höchstens 30 Etiketten-PDFs in 10 Minuten erstellen. Bitte versuche es gleich noch einmal.',
    );
    // another producer is not held up by it
    expect((await labels(busy.token, `ids=${jam}&counts=2`)).statusCode).toBe(200);
  });
});

describe('label text', () => {
  it('reads back whatever PDFs were made before (the "o" of an earlier "ö" keeps its letter)', async () => {
    const label = (name: string, vendorName: string) => ({
      item: { name, priceCents: 650, unit: 'Glas', vendorName, ean: ean('426077777777') },
      count: 1,
    });
    // the name is bold: this PDF's regular text has "ö" (o + dieresis in the font) but no "o"
    const first = await renderLabels([label('Äpfel Boskoop', 'Imkerei Größenbühl')], 'rolle-50x30');
    expect(pdfText(first, 'first')).toContain('Imkerei Größenbühl');
    const second = await renderLabels([label('Honig', 'Gospodarstwo')], 'rolle-50x30');
    expect(pdfText(second, 'second')).toContain('Gospodarstwo');
  });

  it('keeps what Arimo prints (umlauts, €, dashes, Ł, Ż, č) on one line, and marks the rest', () => {
    expect(printable('Käse „Rauchig“ – 4,50 € ß')).toBe('Käse „Rauchig“ – 4,50 € ß');
    expect(printable('Żurek  z\nčaj Łódź')).toBe('Żurek z čaj Łódź');
    expect(printable('Honig 🍯')).toBe('Honig ?');
  });
});
