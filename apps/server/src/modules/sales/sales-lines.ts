// Reading a till's receipt line (docs/decisions/0031): from a CSV line of the admin's upload or
// from the JSON of the till's API, into one parsed line, or a German reason why not.
import { clock } from '@housnkuh/shared/clock';
import { berlinInstant, isoDayInBerlin, parseEuroAmount } from '@housnkuh/shared/format';
import { lineTotalCents, parseQuantity } from '@housnkuh/shared/products';
import { SALES_CSV_COLUMNS, SALES_CSV_TOTAL_COLUMN } from '@housnkuh/shared/schemas/sales';
import { formatVatRate, percentToBasisPoints, vatRatesInForce } from '@housnkuh/shared/vat';

/** A receipt line as read; `raw` is the line exactly as it came. */
export interface ParsedLine {
  receiptId: string;
  position: number;
  soldAt: Date;
  ean: string;
  articleText: string;
  quantityThousandths: number;
  unitPriceGrossCents: number;
  vatRateBp: number;
  lineTotalGrossCents: number;
  raw: string;
}

/** A line's fields before their checks: the CSV's texts, or the JSON's values. */
interface LineFields {
  receiptId: unknown;
  position: unknown;
  soldAt: Date | string;
  ean: unknown;
  articleText: unknown;
  quantityThousandths: number | string;
  unitPriceGrossCents: number | string;
  vatRateBp: number | string;
  lineTotalGrossCents?: number | string | undefined;
}

export const MAX_RECEIPT_ID = 100;
export const MAX_EAN = 50;
export const MAX_ARTICLE_TEXT = 200;
/** 100.000 units (thousandths) and 10.000 € a unit keep every product exact in a double. */
const MAX_QUANTITY = 100_000_000;
const MAX_UNIT_PRICE = 1_000_000;
/**
 * A line's total (quantity × unit price) at most 1.000.000,00 € either way: every stored integer
 * stays far inside 32 bits, and a month's sums of a producer stay exact (issue 30, item 5).
 */
export const MAX_LINE_TOTAL = 100_000_000;
/**
 * The first day of sale taken: the VAT table (vat.ts) knows every kind of rate from then on; an
 * earlier day (1970 from a till's reset clock, year 0) is a line's error, never a 500.
 */
const FIRST_SALE_DAY = '2007-01-01';
/** A time a little ahead of the server's clock is the till's clock, not the future. */
const CLOCK_SKEW_MS = 15 * 60_000;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks the fields; the parsed line or a German reason. */
function checkLine(fields: LineFields, raw: string): ParsedLine | string {
  const receiptId = typeof fields.receiptId === 'string' ? fields.receiptId.trim() : '';
  if (!receiptId) return 'Die Belegnummer (beleg) fehlt.';
  if (receiptId.length > MAX_RECEIPT_ID || CONTROL.test(receiptId))
    return `Die Belegnummer ist ungültig (höchstens ${MAX_RECEIPT_ID} Zeichen).`;

  const position = fields.position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1 || position > 1e6)
    return 'Die Position muss eine ganze Zahl ab 1 sein.';

  const soldAt = fields.soldAt;
  if (typeof soldAt === 'string') return soldAt;
  if (soldAt.getTime() > clock.now().getTime() + CLOCK_SKEW_MS)
    return 'Der Zeitpunkt liegt in der Zukunft.';
  const day = isoDayInBerlin(soldAt);
  if (!(day >= FIRST_SALE_DAY))
    return 'Der Zeitpunkt liegt zu weit zurück (frühestens 01.01.2007).';

  const ean = typeof fields.ean === 'string' ? fields.ean.trim() : '';
  if (!ean) return 'Die EAN fehlt.';
  if (ean.length > MAX_EAN || CONTROL.test(ean) || /\s/.test(ean))
    return `Die EAN „${ean.slice(0, MAX_EAN)}“ ist ungültig.`;

  const articleText = typeof fields.articleText === 'string' ? fields.articleText.trim() : '';
  if (!articleText) return 'Der Artikeltext fehlt.';
  if (articleText.length > MAX_ARTICLE_TEXT || CONTROL.test(articleText))
    return `Der Artikeltext ist ungültig (höchstens ${MAX_ARTICLE_TEXT} Zeichen).`;

  const quantity = fields.quantityThousandths;
  if (typeof quantity === 'string') return quantity;
  if (quantity === 0) return 'Die Menge darf nicht 0 sein.';
  if (Math.abs(quantity) > MAX_QUANTITY) return 'Die Menge ist zu groß.';

  const unitPrice = fields.unitPriceGrossCents;
  if (typeof unitPrice === 'string') return unitPrice;
  if (unitPrice > MAX_UNIT_PRICE) return 'Der Einzelpreis ist zu hoch (höchstens 10.000 €).';

  const vatRateBp = fields.vatRateBp;
  if (typeof vatRateBp === 'string') return vatRateBp;
  const inForce = vatRatesInForce(day);
  if (!inForce.includes(vatRateBp))
    return `Den Steuersatz ${formatVatRate(vatRateBp)} gab es am Verkaufstag nicht (erlaubt: ${inForce.map(formatVatRate).join(', ')}).`;

  const total = lineTotalCents(quantity, unitPrice);
  if (Math.abs(total) > MAX_LINE_TOTAL)
    return 'Der Zeilenbetrag (Menge × Einzelpreis) ist zu hoch (höchstens 1.000.000,00 €).';
  const printed = fields.lineTotalGrossCents;
  if (typeof printed === 'string') return printed;
  if (printed !== undefined && printed !== total)
    return `Der Betrag ${euro(printed)} passt nicht zu Menge × Einzelpreis (${euro(total)}).`;

  return {
    receiptId,
    position,
    soldAt,
    ean,
    articleText,
    quantityThousandths: quantity,
    unitPriceGrossCents: unitPrice,
    vatRateBp,
    lineTotalGrossCents: total,
    raw,
  };
}

function euro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}

// ---------------------------------------------------------------------------
// CSV

/** Splits a CSV line at semicolons; quotes ("…", "" inside) as spreadsheets write them. */
export function splitCsvLine(line: string): string[] | null {
  if (!line.includes('"')) return line.split(';');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === ';') {
      fields.push(field);
      field = '';
    } else field += c;
    i += 1;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** The columns of a header line; null when it is not the import's header. */
export function csvHeaderColumns(line: string): number | null {
  const names = (splitCsvLine(line.replace(/^\uFEFF/, '')) ?? []).map((name) =>
    name.trim().toLowerCase(),
  );
  const base = SALES_CSV_COLUMNS as readonly string[];
  if (names.length < base.length || names.length > base.length + 1) return null;
  if (!base.every((name, index) => names[index] === name)) return null;
  if (names.length === base.length + 1 && names[base.length] !== SALES_CSV_TOTAL_COLUMN)
    return null;
  return names.length;
}

const CSV_TIME = /^(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d{1,2}):(\d{2})$/;

function csvTime(text: string): Date | string {
  const match = CSV_TIME.exec(text.trim());
  const wrong = `Der Zeitpunkt „${text.trim().slice(0, 30)}“ ist ungültig (TT.MM.JJJJ HH:MM).`;
  if (!match) return wrong;
  const [, d, m, y, hh, mm] = match;
  const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return wrong;
  if (Number(hh) > 23 || Number(mm) > 59) return wrong;
  return berlinInstant(day, `${hh!.padStart(2, '0')}:${mm}`);
}

function csvQuantity(text: string): number | string {
  const value = parseQuantity(text);
  return value ?? `Die Menge „${text.trim().slice(0, 20)}“ ist keine Zahl (z. B. 2 oder 0,352).`;
}

function csvPrice(text: string): number | string {
  const value = parseEuroAmount(text.trim());
  return value ?? `Der Einzelpreis „${text.trim().slice(0, 20)}“ ist kein Betrag (z. B. 4,50).`;
}

function csvTotal(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const negative = /^[-−]/.test(trimmed);
  const value = parseEuroAmount(negative ? trimmed.slice(1) : trimmed);
  if (value === null) return `Der Betrag „${trimmed.slice(0, 20)}“ ist kein Betrag (z. B. -4,50).`;
  return negative ? -value : value;
}

function csvVatRate(text: string): number | string {
  const trimmed = text.trim().replace(/\s*%$/, '');
  const wrong = `Der Steuersatz „${text.trim().slice(0, 10)}“ ist ungültig (z. B. 7, 7,8 oder 19).`;
  if (!/^\d{1,2}(,\d{1,2})?$/.test(trimmed)) return wrong;
  return percentToBasisPoints(Number(trimmed.replace(',', '.'))) ?? wrong;
}

/** One data line of the CSV (with `columns` columns, as its header): parsed, or a reason. */
export function parseCsvLine(line: string, columns: number): ParsedLine | string {
  const fields = splitCsvLine(line);
  if (!fields) return 'Ein Anführungszeichen ist nicht geschlossen.';
  if (fields.length !== columns && !(columns === 9 && fields.length === 8))
    return `Die Zeile hat ${fields.length} Spalten, erwartet sind ${columns}.`;
  const position = fields[1]!.trim();
  return checkLine(
    {
      receiptId: fields[0],
      position: /^\d{1,7}$/.test(position) ? Number(position) : NaN,
      soldAt: csvTime(fields[2]!),
      ean: fields[3],
      articleText: fields[4],
      quantityThousandths: csvQuantity(fields[5]!),
      unitPriceGrossCents: csvPrice(fields[6]!),
      vatRateBp: csvVatRate(fields[7]!),
      lineTotalGrossCents: fields.length > 8 ? csvTotal(fields[8]!) : undefined,
    },
    line,
  );
}

// ---------------------------------------------------------------------------
// JSON (the till's API)

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function jsonTime(value: unknown): Date | string {
  const wrong =
    'Die Zeit (time) muss ein Zeitpunkt mit Zeitzone sein, z. B. 2026-03-14T10:15:00+01:00.';
  if (typeof value !== 'string' || !ISO_TIME.test(value)) return wrong;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? wrong : date;
}

function jsonQuantity(value: unknown): number | string {
  const wrong = 'Die Menge (quantity) muss eine Zahl mit höchstens drei Nachkommastellen sein.';
  if (typeof value !== 'number' || !Number.isFinite(value)) return wrong;
  const thousandths = Math.round(value * 1000);
  if (Math.abs(thousandths - value * 1000) > 1e-6) return wrong;
  return Math.abs(thousandths) > MAX_QUANTITY ? 'Die Menge ist zu groß.' : thousandths;
}

function jsonCents(value: unknown, field: string, signed: boolean): number | string {
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    (!signed && value < 0) ||
    Math.abs(value) > 2_000_000_000
  )
    return `${field} muss ein ganzzahliger Betrag in Cent${signed ? '' : ' ab 0'} sein.`;
  return value;
}

function jsonVatRate(value: unknown): number | string {
  const wrong = 'Der Steuersatz (vatRate) muss eine Prozentzahl sein, z. B. 7, 7.8 oder 19.';
  if (typeof value !== 'number') return wrong;
  return percentToBasisPoints(value) ?? wrong;
}

/** One line of a receipt of POST /api/pos/sales: parsed, or a reason. */
export function parseJsonLine(
  receipt: { id: unknown; time: unknown },
  line: Record<string, unknown>,
): ParsedLine | string {
  const receiptId =
    typeof receipt.id === 'number' && Number.isSafeInteger(receipt.id)
      ? String(receipt.id)
      : receipt.id;
  return checkLine(
    {
      receiptId,
      position: line.position,
      soldAt: jsonTime(receipt.time),
      ean: line.ean,
      articleText: line.name,
      quantityThousandths: jsonQuantity(line.quantity),
      unitPriceGrossCents: jsonCents(line.unitPriceGrossCents, 'Der Einzelpreis', false),
      vatRateBp: jsonVatRate(line.vatRate),
      lineTotalGrossCents:
        line.lineTotalGrossCents === undefined || line.lineTotalGrossCents === null
          ? undefined
          : jsonCents(line.lineTotalGrossCents, 'Der Betrag', true),
    },
    JSON.stringify({ receipt: { id: receipt.id, time: receipt.time }, line }),
  );
}
