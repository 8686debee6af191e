// The accountant's files (issue 26, docs/decisions/0035, 0041): every invoice line of a
// period as a CSV for a spreadsheet, and the DATEV Buchungsstapel (EXTF) for the tax adviser's
// DATEV with the revenue, the offsets against the collected sales and the refunds.
import type { BillingSettings } from '@housnkuh/shared/schemas/billing';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import type { InvoiceLine, Settlement } from '@housnkuh/shared/settlement';
import iconv from 'iconv-lite';
import type { BookedDocument } from '../documents/public';
import { writeCsv } from '../../lib/csv';

/** '-12,34' (German decimals, no thousands separator: what spreadsheets and DATEV read). */
export function decimalEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** 1900 → '19', 780 → '7,8' (percent). */
function ratePercent(rateBp: number): string {
  return String(rateBp / 100).replace('.', ',');
}

export const DOCUMENT_LINES_CSV_COLUMNS = [
  'Datum',
  'Nummer',
  'Leistungsmonat',
  'Erzeuger',
  'Text',
  'Netto (EUR)',
  'USt-Satz (%)',
  'USt (EUR)',
  'Brutto (EUR)',
] as const;

/**
 * Every line of the invoices and of their cancellations among `docs` for a spreadsheet: issue
 * day, number, the settled month (Leistungsmonat, 'MM/JJJJ'), producer, text, figures (a
 * cancellation's negated); semicolons, UTF-8 with a byte order mark, German decimals (as the
 * sales CSVs, docs/decisions/0032). The statements are no invoices of the shop.
 */
export function documentLinesCsv(docs: readonly BookedDocument[]): string {
  const rows: string[][] = [];
  for (const doc of docs) {
    const invoiceLike =
      doc.type === 'rechnung' || (doc.type === 'storno' && doc.refersTo?.type === 'rechnung');
    if (!invoiceLike) continue;
    for (const line of doc.content.invoice.lines)
      rows.push([
        formatIsoDay(doc.issuedOn),
        doc.number,
        `${doc.month.slice(5, 7)}/${doc.month.slice(0, 4)}`,
        doc.vendorName,
        line.text,
        decimalEuro(line.netCents),
        ratePercent(line.vatRateBp),
        decimalEuro(line.vatCents),
        decimalEuro(line.grossCents),
      ]);
  }
  return writeCsv(rows, DOCUMENT_LINES_CSV_COLUMNS);
}

/**
 * The 125 columns of a Buchungsstapel, format version 13 (DATEV-Format 7.0, category 21), in
 * their order and as DATEV names them. DATEV reads the columns by position: a row has exactly
 * this many fields.
 */
export const BUCHUNGSSTAPEL_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [
    `Beleginfo - Art ${i + 1}`,
    `Beleginfo - Inhalt ${i + 1}`,
  ]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation - Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Mitgliedstaat u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

export const BUCHUNGSSTAPEL_COLUMN_COUNT = BUCHUNGSSTAPEL_COLUMNS.length;

/** The position (0-based) of a column by its DATEV name. */
function column(name: (typeof BUCHUNGSSTAPEL_COLUMNS)[number]): number {
  return BUCHUNGSSTAPEL_COLUMNS.indexOf(name);
}

/** A text field: in quotes, quotes doubled, no line breaks or semicolon surprises, at most `max`. */
function quoted(value: string, max = Infinity): string {
  const clean = value.replace(/[\r\n\t]+/g, ' ').slice(0, max);
  return `"${clean.replace(/"/g, '""')}"`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
function compactDay(isoDay: string): string {
  return isoDay.replace(/-/g, '');
}

/** 'YYYY-MM-DD' → 'TTMMJJJJ' (Leistungsdatum, Datum Zuord. Steuerperiode). */
function datevDate(isoDay: string): string {
  return `${isoDay.slice(8, 10)}${isoDay.slice(5, 7)}${isoDay.slice(0, 4)}`;
}

/**
 * One booking of the file: `amountCents` (> 0) on `account` with its side (S: debit, H:
 * credit), against `contraAccount` (with its BU key, empty on an automatic account).
 */
export interface Booking {
  amountCents: number;
  side: 'S' | 'H';
  account: number;
  contraAccount: number;
  bu: string;
  /** Belegdatum: the document's issue day (ISO) */
  documentDate: string;
  /** Belegfeld 1: the document's number (Belegfeld 2 holds 12 characters: too few for one) */
  number: string;
  /** the document it refers to (named in the text) */
  number2: string | null;
  text: string;
  /** Leistungsdatum: the last day of the settled month (ISO) */
  serviceDate: string;
  /** Datum Zuord. Steuerperiode (ISO), or null: the period of the document date */
  taxPeriodDate: string | null;
}

/** A booking of a signed amount: a negative amount swaps the side. */
function booking(
  signedCents: number,
  side: 'S' | 'H',
  rest: Omit<Booking, 'amountCents' | 'side'>,
) {
  const flip = signedCents < 0;
  return {
    amountCents: Math.abs(signedCents),
    side: flip ? (side === 'S' ? 'H' : 'S') : side,
    ...rest,
  } satisfies Booking;
}

/** A refund of the figures: paid to the producer, no supply, no VAT (issue 30). */
interface FiguresRefund {
  text: string;
  grossCents: number;
}

/**
 * The refunds that are no supply (AGB § 8) of a statement's figures: statement only, no VAT.
 * The core lists them as `refunds`; figures that list manual lines with their `kind` are read
 * the same way (a line without `kind` is a charge, which is an invoice line). Figures issued
 * before issue 30 have neither: their refunds were negative invoice lines.
 */
function refundsOf(figures: Settlement): FiguresRefund[] {
  const extended = figures as Settlement & {
    refunds?: FiguresRefund[];
    manualLines?: (FiguresRefund & { kind?: 'charge' | 'refund' })[];
  };
  const lines = Array.isArray(extended.refunds)
    ? extended.refunds
    : Array.isArray(extended.manualLines)
      ? extended.manualLines.filter((line) => line.kind === 'refund')
      : [];
  return lines.filter((line) => line.grossCents !== 0);
}

/**
 * The account and BU key of an invoice line (docs/decisions/0035, 0041): rent and services at
 * 19 % on the rent account, commission on the commission account, a charge at 19 % on the rent
 * account and at 7 % on the reduced-rate account, all automatic accounts without a BU key; a line
 * of an older document at another rate (0 %, 7,8 %) on the clearing account.
 */
function revenueAccount(
  line: InvoiceLine,
  datev: BillingSettings['datev'],
): { account: number; bu: string } {
  if (line.vatRateBp === 1900) {
    return {
      account: line.kind === 'commission' ? datev.erloeskontoProvision : datev.erloeskontoMiete,
      bu: '',
    };
  }
  if (line.vatRateBp === 700) return { account: datev.erloeskontoErmaessigt, bu: '' };
  return { account: datev.verrechnungskonto, bu: '' };
}

/** A document of the books with the producer's debitor. */
export type BookableDocument = BookedDocument;

/**
 * The bookings of one document (docs/decisions/0041):
 * - an invoice: each line, the producer's debitor against the revenue account (S: the producer
 *   owes it; a credit line H);
 * - a statement: the refunds that are no supply (expense against the clearing account), then the
 *   offset against the sales collected for the producer (clearing account against the debitor):
 *   the earlier open amounts it offsets, oldest first, then its invoice; of all that, only what
 *   the collected sales cover: what stays owed (a negative payout) stays on the debitor;
 * - a cancellation: the bookings of the document it cancels, sides swapped, with its own number
 *   and date.
 * The payout and a producer's transfer of what it owes are booked from the bank statement.
 */
export function documentBookings(
  doc: BookableDocument,
  settings: BillingSettings,
  debitor: number,
): Booking[] {
  const datev = settings.datev;
  const cancelled = doc.type === 'storno' ? doc.refersTo : null;
  if (doc.type === 'storno' && !cancelled) return [];
  const type = cancelled ? cancelled.type : doc.type;
  const figures = cancelled ? cancelled.content : doc.content;
  const serviceDate = monthEnd(`${doc.month}-01`);
  const common = {
    documentDate: doc.issuedOn,
    number: doc.number,
    number2: cancelled ? cancelled.number : null,
    serviceDate,
  };
  // Soll: the VAT period is the service month; Ist (§ 20 UStG): the period of the offset or
  // payment, which DATEV takes from the booking that pays; a cancellation: its own period
  const taxPeriodDate = settings.besteuerung === 'soll' && !cancelled ? serviceDate : null;
  const bookings: Booking[] = [];

  if (type === 'rechnung') {
    for (const line of figures.invoice.lines) {
      if (line.grossCents === 0) continue;
      const { account, bu } = revenueAccount(line, datev);
      bookings.push(
        booking(line.grossCents, 'S', {
          ...common,
          account: debitor,
          contraAccount: account,
          bu,
          text: line.text,
          taxPeriodDate,
        }),
      );
    }
  } else if (type === 'verkaufsabrechnung') {
    const noTax = { ...common, taxPeriodDate: null, bu: '' };
    for (const refund of refundsOf(figures)) {
      bookings.push(
        booking(refund.grossCents, 'S', {
          ...noTax,
          account: datev.aufwandskontoErstattung,
          contraAccount: datev.verrechnungskonto,
          text: `Erstattung (nicht steuerbar): ${refund.text}`,
        }),
      );
    }
    const invoiceNumber =
      !cancelled && doc.refersTo?.type === 'rechnung' ? doc.refersTo.number : null;
    const stillOwed = Math.max(-figures.payoutCents, 0);
    let offset = figures.invoice.grossCents + figures.openItemsCents - stillOwed;
    for (const item of figures.openItems) {
      const part = Math.min(item.amountCents, Math.max(offset, 0));
      if (part === 0) continue;
      offset -= part;
      bookings.push(
        booking(part, 'S', {
          ...noTax,
          account: datev.verrechnungskonto,
          contraAccount: debitor,
          number2: item.documentNumber,
          text: `Verrechnung offener Betrag ${formatMonth(item.month)}${item.documentNumber ? ` (${item.documentNumber})` : ''}`,
        }),
      );
    }
    if (offset !== 0) {
      bookings.push(
        booking(offset, 'S', {
          ...noTax,
          account: datev.verrechnungskonto,
          contraAccount: debitor,
          number2: common.number2 ?? invoiceNumber,
          text: `Verrechnung ${invoiceNumber ?? 'Rechnung'} mit Verkäufen ${formatMonth(doc.month)}`,
        }),
      );
    }
  }
  if (!cancelled) return bookings;
  return bookings.map((entry) => ({
    ...entry,
    side: entry.side === 'S' ? 'H' : 'S',
    text: `Storno ${cancelled.number}: ${entry.text}`,
  }));
}

export interface DatevInput {
  settings: BillingSettings;
  /** ISO days, both in one fiscal year (the calendar year) */
  from: string;
  to: string;
  documents: readonly BookableDocument[];
  /** the producer's debitor account, per vendor id (docs/decisions/0035) */
  debitors: Readonly<Record<string, number>>;
  /** when the file is made (an instant) */
  createdAt: Date;
}

/** 'YYYYMMDDHHMMSSFFF' in Kronach. */
function createdStamp(instant: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .replace(/:/g, '');
  const millis = String(instant.getTime() % 1000).padStart(3, '0');
  return `${compactDay(isoDayInBerlin(instant))}${time}${millis}`;
}

/** The header's label (Bezeichnung, at most 30 characters): never cut inside a date. */
export function datevLabel(from: string, to: string): string {
  return `Belege ${formatIsoDay(from)}-${formatIsoDay(to)}`;
}

/** One row of the file: exactly BUCHUNGSSTAPEL_COLUMN_COUNT fields. */
function bookingRow(entry: Booking): string {
  const fields: string[] = new Array<string>(BUCHUNGSSTAPEL_COLUMN_COUNT).fill('');
  fields[column('Umsatz (ohne Soll/Haben-Kz)')] = decimalEuro(entry.amountCents);
  fields[column('Soll/Haben-Kennzeichen')] = quoted(entry.side);
  fields[column('WKZ Umsatz')] = quoted('EUR');
  fields[column('Konto')] = String(entry.account);
  fields[column('Gegenkonto (ohne BU-Schlüssel)')] = String(entry.contraAccount);
  fields[column('BU-Schlüssel')] = quoted(entry.bu);
  fields[column('Belegdatum')] = entry.documentDate.slice(8, 10) + entry.documentDate.slice(5, 7);
  fields[column('Belegfeld 1')] = quoted(entry.number, 36);
  fields[column('Buchungstext')] = quoted(entry.text, 60);
  fields[column('Leistungsdatum')] = datevDate(entry.serviceDate);
  fields[column('Datum Zuord. Steuerperiode')] = entry.taxPeriodDate
    ? datevDate(entry.taxPeriodDate)
    : '';
  return fields.join(';');
}

/**
 * The DATEV Buchungsstapel (EXTF, DATEV-Format 7.0, category 21, format version 13): the header
 * line with consultant, client, fiscal year start, account length and period (by document
 * date); the 125 column names; the bookings of every document of the period
 * (`documentBookings`). Amounts are positive with S/H. Windows-1252, CRLF, decimal comma.
 */
export function datevBuchungsstapel(input: DatevInput): Buffer {
  const { settings, from, to } = input;
  const datev = settings.datev;
  if (datev.beraternummer === null || datev.mandantennummer === null) {
    throw new Error('DATEV: Berater- und Mandantennummer fehlen');
  }
  if (from.slice(0, 4) !== to.slice(0, 4)) throw new Error('DATEV: one fiscal year per file');
  const header = [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '13',
    createdStamp(input.createdAt),
    '',
    '"RE"',
    '""',
    '""',
    String(datev.beraternummer),
    String(datev.mandantennummer),
    `${from.slice(0, 4)}0101`,
    String(datev.sachkontenlaenge),
    compactDay(from),
    compactDay(to),
    quoted(datevLabel(from, to)),
    '""',
    '1',
    '0',
    '0',
    '"EUR"',
    '',
    '""',
    '',
    '',
    '""',
    '',
    '',
    '""',
    '""',
  ].join(';');
  const columns = BUCHUNGSSTAPEL_COLUMNS.map((name) => quoted(name)).join(';');

  const rows: string[] = [];
  for (const doc of input.documents) {
    const debitor = input.debitors[doc.vendorId];
    if (debitor === undefined) throw new Error(`DATEV: no debitor for ${doc.vendorId}`);
    for (const entry of documentBookings(doc, settings, debitor)) {
      if (entry.amountCents !== 0) rows.push(bookingRow(entry));
    }
  }
  const text = [header, columns, ...rows].join('\r\n') + '\r\n';
  return iconv.encode(text, 'win1252');
}
