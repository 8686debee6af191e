// The labels PDF (issue 25 "Labels", docs/decisions/0030): a pure renderer, no database. Each
// label has the product's name, its price per selling unit, the base price (PAngV), the
// producer's name and the EAN-13 as a vector barcode (bars from bwip-js, drawn by pdfkit), so
// that it scans at any print resolution. Text in Arimo, embedded like the documents' (Helvetica's
// widths; Ł, Ż, č print as written: docs/decisions/0098).
import { formatEuro } from '@housnkuh/shared/format';
import type { LabelFormat } from '@housnkuh/shared/schemas/labels';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { ARIMO, printableInArimo, useArimo } from '../../lib/pdf-fonts';
import { yieldToEventLoop } from '../../lib/pdf-queue';

/** What one label shows. */
export interface LabelItem {
  name: string;
  /** Gross price per selling unit. */
  priceCents: number;
  /** The selling unit ('Glas', 'kg', '100 g' …): '4,50 € / Glas'. */
  unit: string;
  /** '18,00 € / 1 kg', when the product has one. */
  basePrice?: string;
  vendorName: string;
  /** 13 digits with a valid check digit. */
  ean: string;
}

/** One millimetre in PDF points. */
const MM = 72 / 25.4;

interface Sheet {
  /** The page, in mm. */
  page: [number, number];
  /** One label, in mm. */
  cell: [number, number];
  columns: number;
  rows: number;
  /** Where the first label's top left corner is on the page, in mm. */
  origin: [number, number];
  /** The blank edge inside each label, in mm (printers do not print to the cut). */
  padding: number;
}

const SHEETS: Record<LabelFormat, Sheet> = {
  // a roll label printer: one label per page
  'rolle-50x30': {
    page: [50, 30],
    cell: [50, 30],
    columns: 1,
    rows: 1,
    origin: [0, 0],
    padding: 2,
  },
  // the standard A4 sheet of 24 labels of 70 × 37 mm (3 × 8), 0,5 mm left free at top and bottom
  'a4-3x8': { page: [210, 297], cell: [70, 37], columns: 3, rows: 8, origin: [0, 0.5], padding: 3 },
};

/** Text as a label prints it: on one line (runs of spaces as one), in Arimo's characters. */
export function printable(text: string): string {
  return printableInArimo(text.replace(/\s+/g, ' ')).trim();
}

type Doc = InstanceType<typeof PDFDocument>;

/**
 * `text` in at most `maxLines` lines of `width`, broken between words (a word too long for a
 * line is broken inside); what does not fit ends the last line with '…'.
 */
function fitLines(doc: Doc, text: string, width: number, maxLines: number): string[] {
  const fits = (line: string) => doc.widthOfString(line) <= width;
  const lines: string[] = [];
  let line = '';
  const words = text.split(' ').filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    let word = words[index]!;
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
    }
    // a word longer than a line: as much of it as fits, the rest on the next line
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]} ${lines[maxLines]}`;
  while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/** The lines of `text` at the largest size from `sizes` that needs at most `maxLines`. */
function fitText(
  doc: Doc,
  text: string,
  font: string,
  sizes: number[],
  width: number,
  maxLines: number,
): { size: number; lines: string[] } {
  doc.font(font);
  for (const size of sizes) {
    doc.fontSize(size);
    const lines = fitLines(doc, text, width, Number.MAX_SAFE_INTEGER);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  doc.fontSize(size);
  return { size, lines: fitLines(doc, text, width, maxLines) };
}

/** The bars of an EAN-13: widths in modules, alternating bar and space, from bwip-js. */
function ean13Bars(ean: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'ean13', text: ean }) as unknown as { sbs: number[] }[];
  if (!symbol?.sbs || symbol.sbs.reduce((sum, width) => sum + width, 0) !== 95) {
    throw new Error(`no EAN-13 pattern for ${ean}`);
  }
  return symbol.sbs;
}

/** The module indexes of the guard bars (start, centre, end), drawn longer. */
function isGuard(module: number): boolean {
  return module < 3 || (module >= 45 && module < 50) || module >= 92;
}

/**
 * An EAN-13 with its digits below, its quiet zones (11 and 7 modules) inside `width`, its bottom
 * at `bottom`. Returns the height it takes.
 */
function drawEan13(
  doc: Doc,
  ean: string,
  left: number,
  width: number,
  bottom: number,
  barHeight: number,
): number {
  const module = Math.min(0.33 * MM, width / 113);
  const digitSize = module * 8.5;
  const digitGap = module * 1;
  const start = left + (width - 113 * module) / 2 + 11 * module;
  const barsBottom = bottom - digitSize * 0.75 - digitGap;
  const top = barsBottom - barHeight;
  let x = start;
  let moduleIndex = 0;
  ean13Bars(ean).forEach((modules, index) => {
    if (index % 2 === 0) {
      // a bar: the guards reach down between the digits
      const long = isGuard(moduleIndex);
      const height = long ? barHeight + digitSize * 0.45 : barHeight;
      doc.rect(x, top, modules * module, height).fill('black');
    }
    x += modules * module;
    moduleIndex += modules;
  });
  doc.font(ARIMO.regular).fontSize(digitSize).fillColor('black');
  const baselineTop = barsBottom + digitGap;
  const lineOptions = { lineBreak: false, characterSpacing: 0 } as const;
  doc.text(ean[0]!, start - 7 * module, baselineTop, { ...lineOptions, width: 6 * module });
  doc.text(ean.slice(1, 7), start + 3 * module, baselineTop, {
    ...lineOptions,
    width: 42 * module,
    align: 'center',
  });
  doc.text(ean.slice(7), start + 50 * module, baselineTop, {
    ...lineOptions,
    width: 42 * module,
    align: 'center',
  });
  return bottom - top;
}

/** One label in the box (x, y, width, height), all in points. */
function drawLabel(doc: Doc, item: LabelItem, box: [number, number, number, number], sheet: Sheet) {
  const [x, y, width, height] = box;
  const padding = sheet.padding * MM;
  const left = x + padding;
  const inner = width - 2 * padding;
  const bottom = y + height - padding;
  // the sizes grow with the label: 1 for the 30 mm roll label
  const scale = Math.min(height / (30 * MM), width / (50 * MM));
  doc.fillColor('black');

  const barcodeHeight = drawEan13(doc, item.ean, left, inner, bottom, 7.5 * MM * scale);

  let top = y + padding;
  const name = fitText(
    doc,
    printable(item.name) || '?',
    ARIMO.bold,
    [8.5, 8, 7.5, 7, 6.5].map((size) => size * scale),
    inner,
    2,
  );
  for (const line of name.lines) {
    doc.text(line, left, top, { lineBreak: false });
    top += name.size * 1.1;
  }
  top += 0.4 * MM * scale;
  const price = `${formatEuro(item.priceCents)} / ${printable(item.unit)}`;
  const priceText = fitText(doc, price, ARIMO.bold, [10.5 * scale, 9 * scale, 7 * scale], inner, 1);
  doc.text(priceText.lines[0]!, left, top, { lineBreak: false });
  top += priceText.size * 1.1;
  const small = [6 * scale, 5.5 * scale, 5 * scale];
  if (item.basePrice) {
    const base = fitText(doc, printable(item.basePrice), ARIMO.regular, small, inner, 1);
    doc.text(base.lines[0]!, left, top, { lineBreak: false });
    top += base.size * 1.15;
  }
  const vendor = fitText(doc, printable(item.vendorName), ARIMO.regular, small, inner, 1);
  // the producer's name right above the barcode
  const vendorTop = Math.max(top, bottom - barcodeHeight - vendor.size * 1.2);
  doc.text(vendor.lines[0] ?? '', left, vendorTop, { lineBreak: false });
}

/** Labels drawn between two turns of the event loop (one roll label takes about 5 ms). */
const LABELS_PER_TURN = 4;

/**
 * The PDF of `labels` (each item `count` times, in order) in `format`: the roll label one per
 * page, the A4 sheet 24 per page, row by row from place `start` of the first sheet, as many
 * pages as needed. Every few labels it
 * yields to the event loop, so that a big PDF never holds up other requests for long.
 */
export async function renderLabels(
  labels: { item: LabelItem; count: number }[],
  format: LabelFormat,
  start = 1,
): Promise<Buffer> {
  const sheet = SHEETS[format];
  const doc = new PDFDocument({
    size: [sheet.page[0] * MM, sheet.page[1] * MM],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Etiketten', Creator: 'housnkuh', Producer: 'housnkuh' },
  });
  useArimo(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const perPage = sheet.columns * sheet.rows;
  // a partly used sheet: its first `start - 1` places stay empty (row by row from the top left)
  const skipped = Math.min(Math.max(start, 1), perPage) - 1;
  let slot = skipped;
  for (const { item, count } of labels) {
    for (let copy = 0; copy < count; copy++) {
      const onPage = slot % perPage;
      if (onPage === 0 || slot === skipped) doc.addPage();
      const column = onPage % sheet.columns;
      const row = Math.floor(onPage / sheet.columns);
      drawLabel(
        doc,
        item,
        [
          (sheet.origin[0] + column * sheet.cell[0]) * MM,
          (sheet.origin[1] + row * sheet.cell[1]) * MM,
          sheet.cell[0] * MM,
          sheet.cell[1] * MM,
        ],
        sheet,
      );
      slot++;
      if (slot % LABELS_PER_TURN === 0) await yieldToEventLoop();
    }
  }
  if (slot === skipped) doc.addPage();
  doc.end();
  return done;
}
