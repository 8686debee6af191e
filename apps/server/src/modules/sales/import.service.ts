// Sales in (docs/decisions/0031): the admin's CSV and the till's receipts, both idempotent by
// (receipt, position). Good lines go in, bad ones are named with a German reason and nothing of
// them is stored; the same key with the same content is a duplicate, with other content an error.
import type { CSV_ENCODINGS, SalesImportResult } from '@housnkuh/shared/schemas/sales';
import { POS_SALES_MAX_LINES, SALES_MESSAGES } from '@housnkuh/shared/schemas/sales';
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { InvalidError } from '../../lib/domain-errors';
import { lastClosedMonth } from '../closing/public';
import { compareIds } from '../../lib/ids';
import { addTillSales, productsByDepositEans, productsByEans } from '../products/public';
import { recordUnfitRates } from './clarify.service';
import { csvHeaderColumns, parseCsvLine, parseJsonLine, type ParsedLine } from './sales-lines';
import { salesLines } from './schema';
import { saleLineColumns } from './line-columns';

type LineId = number | string;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export type ImportError = { line: LineId; message: string };

/** Rows per INSERT (one array per column). */
const BATCH = 5000;

/** 'YYYY-MM' of a sale in Kronach. */
const monthInBerlin = (instant: Date) => isoDayInBerlin(instant).slice(0, 7);
/** '2026-10' → '2026-11' */
const nextMonth = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);

const key = (line: { receiptId: string; position: number }) =>
  `${line.receiptId}\u0000${line.position}`;

/** The parsed content of a line, without its raw text (a CSV and a JSON line may be the same sale). */
function sameContent(a: Omit<ParsedLine, 'raw'>, b: Omit<ParsedLine, 'raw'>): boolean {
  return (
    a.soldAt.getTime() === b.soldAt.getTime() &&
    a.ean === b.ean &&
    a.articleText === b.articleText &&
    a.quantityThousandths === b.quantityThousandths &&
    a.unitPriceGrossCents === b.unitPriceGrossCents &&
    a.vatRateBp === b.vatRateBp &&
    a.lineTotalGrossCents === b.lineTotalGrossCents
  );
}

function otherContent(line: ParsedLine): string {
  return `Beleg ${line.receiptId}, Position ${line.position} ist schon mit anderem Inhalt erfasst.`;
}

type Entry = { line: LineId; parsed: ParsedLine };
/** Whose sale a line is; movesStock: the line is the product's sale in its tracked stock. */
type Owner = { productId: string; vendorId: string; movesStock: boolean };

/** What an import found: the counts of its answer (errors apart). */
export interface ImportTally {
  imported: number;
  duplicates: number;
  unassigned: number;
  clarify: number;
  lateCount: number;
  lateMonth: string | null;
}

export const emptyTally = (): ImportTally => ({
  imported: 0,
  duplicates: 0,
  unassigned: 0,
  clarify: 0,
  lateCount: 0,
  lateMonth: null,
});

/**
 * The same key twice in one delivery: the first counts, a later one with the same content is a
 * duplicate, with other content an error. Answers for each entry whether it is the first of its
 * key ('fresh'), a duplicate or an error (its message).
 */
export function splitDelivery(lines: readonly Entry[]): ('fresh' | 'duplicate' | string)[] {
  const firstOf = new Map<string, ParsedLine>();
  return lines.map((entry) => {
    const k = key(entry.parsed);
    const first = firstOf.get(k);
    if (!first) {
      firstOf.set(k, entry.parsed);
      return 'fresh';
    }
    return sameContent(first, entry.parsed) ? 'duplicate' : otherContent(entry.parsed);
  });
}

/**
 * Who sold each line (by its EAN, or a deposit by the product before it on the receipt),
 * read once for all lines of a delivery.
 */
export async function ownersOf(
  db: Executor,
  lines: readonly Entry[],
): Promise<(line: ParsedLine) => Owner | undefined> {
  const owners = await productsByEans(
    db,
    lines.map((entry) => entry.parsed.ean),
  );
  const depositOwners = await depositOwnersOf(db, lines, owners);
  const own = new Map(
    [...owners].map(([ean, owner]) => [
      ean,
      { productId: owner.productId, vendorId: owner.vendorId, movesStock: owner.stockTracked },
    ]),
  );
  return (line) => own.get(line.ean) ?? depositOwners.get(key(line));
}

/**
 * Stores lines that are the first of their key in the delivery, in the caller's transaction:
 * new ones are inserted in batches (ON CONFLICT DO NOTHING RETURNING), the ones already there are
 * compared (a duplicate, or an error with its line number). Adds to `tally` and `errors`.
 */
export async function storeFresh(
  tx: Executor,
  source: 'csv' | 'pos',
  fresh: readonly Entry[],
  ownerOf: (line: ParsedLine) => Owner | undefined,
  tally: ImportTally,
  errors: ImportError[],
): Promise<void> {
  // the last final month: a line of it or before is a Nachtrag of the month after it
  const lastFinal = await lastClosedMonth(tx);
  for (let start = 0; start < fresh.length; start += BATCH) {
    const batch = fresh.slice(start, start + BATCH);
    // the keys already stored are compared, not inserted again (a repeated file costs reads only)
    const before = await existingLines(
      tx,
      batch.map((entry) => entry.parsed),
    );
    const compare = (entry: Entry, there?: Omit<ParsedLine, 'raw'>) => {
      if (there && sameContent(there, entry.parsed)) tally.duplicates += 1;
      else errors.push({ line: entry.line, message: otherContent(entry.parsed) });
    };
    const toInsert = batch.filter((entry) => {
      const there = before.get(key(entry.parsed));
      if (there) compare(entry, there);
      return !there;
    });
    if (toInsert.length === 0) continue;
    // stored in product order: each line's foreign key locks its product (key share), and a count
    // locks its products in the same order, so the two never wait for each other crosswise
    const byProduct = (entry: Entry) => ownerOf(entry.parsed)?.productId ?? '';
    toInsert.sort((a, b) => compareIds(byProduct(a), byProduct(b)));
    const inserted = await insertLines(tx, source, toInsert, ownerOf);
    tally.imported += inserted.length;
    tally.unassigned += inserted.filter((row) => row.vendorId === null).length;
    const assigned = inserted.filter(
      (row): row is typeof row & { vendorId: string } => row.vendorId !== null,
    );
    const waiting = await recordUnfitRates(tx, assigned);
    // the automated inventory: the new lines of tracked products are their sales (0090)
    await addTillSales(
      tx,
      inserted.filter(
        (row): row is typeof row & { productId: string } =>
          row.movesStock && row.productId !== null,
      ),
    );
    tally.clarify += waiting.size;
    if (lastFinal) {
      tally.lateMonth = nextMonth(lastFinal);
      tally.lateCount += assigned.filter(
        (row) => !waiting.has(row.id) && monthInBerlin(row.soldAt) <= lastFinal,
      ).length;
    }
    if (inserted.length === toInsert.length) continue;
    // stored meanwhile by another delivery: compared like the others
    const stored = new Set(inserted.map(key));
    const conflicting = toInsert.filter((entry) => !stored.has(key(entry.parsed)));
    const existing = await existingLines(
      tx,
      conflicting.map((entry) => entry.parsed),
    );
    for (const entry of conflicting) compare(entry, existing.get(key(entry.parsed)));
  }
}

/** The answer of an import: the tally and the errors by line number. */
export function importResult(tally: ImportTally, errors: ImportError[]): SalesImportResult {
  errors.sort((a, b) =>
    typeof a.line === 'number' && typeof b.line === 'number' ? a.line - b.line : 0,
  );
  return {
    success: true,
    imported: tally.imported,
    duplicates: tally.duplicates,
    unassigned: tally.unassigned,
    clarify: tally.clarify,
    late:
      tally.lateCount > 0 && tally.lateMonth
        ? { count: tally.lateCount, month: tally.lateMonth }
        : null,
    errors,
  };
}

/** Stores the parsed lines of one delivery in one transaction (each with its line number). */
async function storeLines(
  db: Database,
  source: 'csv' | 'pos',
  lines: Entry[],
  errors: ImportError[],
): Promise<SalesImportResult> {
  const tally = emptyTally();
  const kinds = splitDelivery(lines);
  const fresh: Entry[] = [];
  lines.forEach((entry, index) => {
    const kind = kinds[index]!;
    if (kind === 'fresh') fresh.push(entry);
    else if (kind === 'duplicate') tally.duplicates += 1;
    else errors.push({ line: entry.line, message: kind });
  });
  await transaction(db, async (tx) => {
    const ownerOf = await ownersOf(tx, fresh);
    await storeFresh(tx, source, fresh, ownerOf, tally, errors);
  });
  return importResult(tally, errors);
}

/**
 * A deposit line whose EAN no product has but the product right before it on the same receipt
 * (in this delivery) carries as its deposit EAN: that product's producer's sale
 * (docs/product/money.md).
 * By key of the deposit line.
 */
async function depositOwnersOf(
  db: Executor,
  lines: readonly { parsed: ParsedLine }[],
  owners: Map<string, { productId: string; vendorId: string }>,
): Promise<Map<string, Owner>> {
  const found = new Map<string, Owner>();
  const unknown = lines.filter((entry) => !owners.has(entry.parsed.ean));
  if (unknown.length === 0) return found;
  const carriers = await productsByDepositEans(
    db,
    unknown.map((entry) => entry.parsed.ean),
  );
  if (carriers.size === 0) return found;
  const byKey = new Map(lines.map((entry) => [key(entry.parsed), entry.parsed]));
  for (const { parsed } of unknown) {
    const products = carriers.get(parsed.ean);
    if (!products) continue;
    // the line before it: the next lower position on the same receipt
    let before: ParsedLine | undefined;
    const lowest = Math.max(1, parsed.position - 100);
    for (let position = parsed.position - 1; position >= lowest && !before; position -= 1)
      before = byKey.get(key({ receiptId: parsed.receiptId, position }));
    const owner = before ? owners.get(before.ean) : undefined;
    // the deposit is the producer's sale, not the product's: it moves no stock
    if (owner && products.has(owner.productId))
      found.set(key(parsed), {
        productId: owner.productId,
        vendorId: owner.vendorId,
        movesStock: false,
      });
  }
  return found;
}

/**
 * Inserts a batch in one statement (arrays unnested: 14 parameters however many rows); a key
 * already there is left alone. Answers the keys inserted.
 */
async function insertLines<L extends ParsedLine>(
  db: Executor,
  source: 'csv' | 'pos',
  batch: readonly { parsed: L }[],
  ownerOf: (
    line: L,
  ) => { productId: string | null; vendorId: string; movesStock?: boolean } | undefined,
): Promise<
  {
    id: string;
    receiptId: string;
    position: number;
    soldAt: Date;
    vatRateBp: number;
    vendorId: string | null;
    productId: string | null;
    ean: string;
    quantityThousandths: number;
    movesStock: boolean;
  }[]
> {
  const column = <T>(pick: (line: L) => T) => sql.param(batch.map(({ parsed }) => pick(parsed)));
  type Row = {
    id: string;
    receipt_id: string;
    position: number;
    sold_at: string | Date;
    vat_rate_bp: number;
    vendor_id: string | null;
    product_id: string | null;
    ean: string;
    quantity_thousandths: number;
    moves_stock: boolean;
  };
  const result = await db.execute<Row>(sql`
    insert into sales_lines (receipt_id, position, sold_at, ean, article_text,
      quantity_thousandths, unit_price_gross_cents, vat_rate_bp, line_total_gross_cents,
      product_id, vendor_id, moves_stock, raw, source, imported_at)
    select *, ${source}, ${clock.now().toISOString()}::timestamptz from unnest(
      ${column((line) => line.receiptId)}::text[],
      ${column((line) => line.position)}::integer[],
      ${column((line) => line.soldAt.toISOString())}::timestamptz[],
      ${column((line) => line.ean)}::text[],
      ${column((line) => line.articleText)}::text[],
      ${column((line) => line.quantityThousandths)}::integer[],
      ${column((line) => line.unitPriceGrossCents)}::integer[],
      ${column((line) => line.vatRateBp)}::integer[],
      ${column((line) => line.lineTotalGrossCents)}::integer[],
      ${column((line) => ownerOf(line)?.productId ?? null)}::uuid[],
      ${column((line) => ownerOf(line)?.vendorId ?? null)}::uuid[],
      ${column((line) => ownerOf(line)?.movesStock === true)}::boolean[],
      ${column((line) => line.raw)}::text[]
    )
    on conflict (receipt_id, position) do nothing
    returning id, receipt_id, position, sold_at, vat_rate_bp, vendor_id, product_id, ean,
      quantity_thousandths, moves_stock`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    receiptId: row.receipt_id,
    position: row.position,
    soldAt: new Date(row.sold_at),
    vatRateBp: Number(row.vat_rate_bp),
    vendorId: row.vendor_id,
    productId: row.product_id,
    ean: row.ean,
    quantityThousandths: Number(row.quantity_thousandths),
    movesStock: row.moves_stock,
  }));
}

/** A till line whose producer the caller knows (addSalesLinesAsTheyStand). */
export interface KnownSalesLine extends ParsedLine {
  vendorId: string;
  productId: string | null;
}

/**
 * Many till lines whose producer the caller knows, stored as they stand (the bench's months of
 * 100,000 lines): as the import inserts them, 5,000 rows a statement, a key already there left
 * alone. No EAN is looked up and no rate is checked against the producer's tax status (the
 * import's work). Answers how many were stored.
 */
export async function addSalesLinesAsTheyStand(
  tx: Executor,
  source: 'csv' | 'pos',
  lines: readonly KnownSalesLine[],
): Promise<number> {
  let stored = 0;
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH).map((parsed) => ({ parsed }));
    stored += (await insertLines(tx, source, batch, (line) => line)).length;
  }
  return stored;
}

/** The stored lines of these keys, by key. */
async function existingLines(
  db: Executor,
  keys: readonly { receiptId: string; position: number }[],
): Promise<Map<string, Omit<ParsedLine, 'raw'>>> {
  const found = new Map<string, Omit<ParsedLine, 'raw'>>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({
      ...saleLineColumns,
    })
    .from(salesLines)
    .innerJoin(
      sql`unnest(${sql.param(keys.map((k) => k.receiptId))}::text[], ${sql.param(
        keys.map((k) => k.position),
      )}::integer[]) as wanted(receipt_id, position)`,
      sql`wanted.receipt_id = ${salesLines.receiptId} and wanted.position = ${salesLines.position}`,
    );
  for (const row of rows) found.set(key(row), row);
  return found;
}

/**
 * The CSV's text: strictly UTF-8 (a byte order mark dropped), else Windows-1252, which Excel
 * writes as "CSV" on Windows; never a guess that stores replacement characters.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'windows-1252' };
  }
}

/** The CSV's lines (trailing empty ones dropped) and its columns; a German 400 if unusable. */
export function readCsv(text: string): {
  lines: string[];
  columns: NonNullable<ReturnType<typeof csvHeaderColumns>>;
} {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new InvalidError(SALES_MESSAGES.csvEmpty);
  const columns = csvHeaderColumns(lines[0]!);
  if (columns === null) throw new InvalidError(SALES_MESSAGES.csvHeader);
  return { lines, columns };
}

/**
 * The CSV's lines parsed (line numbers count the header as 1): the lines read, and the German
 * reason of each line that could not be read. Empty lines are neither.
 */
export function parseCsv(
  lines: readonly string[],
  columns: NonNullable<ReturnType<typeof csvHeaderColumns>>,
): { parsed: { line: number; parsed: ParsedLine }[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const parsed: { line: number; parsed: ParsedLine }[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const text = lines[index]!;
    if (text.trim() === '') continue;
    const result = parseCsvLine(text, columns);
    if (typeof result === 'string') errors.push({ line: index + 1, message: result });
    else parsed.push({ line: index + 1, parsed: result });
  }
  return { parsed, errors };
}

/** POST /api/admin/sales/import of a small file: the CSV's lines in one transaction. */
export async function importSalesCsv(
  db: Database,
  bytes: Uint8Array,
): Promise<SalesImportResult & { encoding: CsvEncoding }> {
  const { text, encoding } = decodeCsv(bytes);
  const { lines, columns } = readCsv(text);
  const { parsed, errors } = parseCsv(lines, columns);
  return { ...(await storeLines(db, 'csv', parsed, errors)), encoding };
}

/** POST /api/pos/sales: the till's receipts; a line is named receipts[i].lines[j]. */
export async function importPosReceipts(
  db: Database,
  receipts: readonly { id: unknown; time: unknown; lines: readonly Record<string, unknown>[] }[],
): Promise<SalesImportResult> {
  // receipts are capped by the body's schema, lines here (50.000 lines were taken once)
  const lineCount = receipts.reduce((sum, receipt) => sum + receipt.lines.length, 0);
  if (lineCount > POS_SALES_MAX_LINES) throw new InvalidError(SALES_MESSAGES.tooManyLines);
  const errors: ImportError[] = [];
  const parsed: { line: string; parsed: ParsedLine }[] = [];
  receipts.forEach((receipt, i) =>
    receipt.lines.forEach((line, j) => {
      const name = `receipts[${i}].lines[${j}]`;
      const result = parseJsonLine(receipt, line);
      if (typeof result === 'string') errors.push({ line: name, message: result });
      else parsed.push({ line: name, parsed: result });
    }),
  );
  return storeLines(db, 'pos', parsed, errors);
}
