// The accountant's files (issue 26, docs/decisions/0035): every document line of a period as a
// CSV for a spreadsheet, and the DATEV Buchungsstapel (EXTF) for the tax adviser's DATEV.
import type { BillingSettings } from '@housnkuh/shared/schemas/billing';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import iconv from 'iconv-lite';
import type { DocumentLine } from '../documents/public';
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
  'Erzeuger',
  'Text',
  'Netto (EUR)',
  'USt-Satz (%)',
  'USt (EUR)',
  'Brutto (EUR)',
] as const;

/**
 * Every document line of a period for a spreadsheet: semicolons, UTF-8 with a
 * byte order mark, German decimals (as the sales CSVs, docs/decisions/0032).
 */
export function documentLinesCsv(lines: readonly DocumentLine[]): string {
  return writeCsv(
    lines.map((line) => [
      formatIsoDay(line.issuedOn),
      line.number,
      line.vendorName,
      line.text,
      decimalEuro(line.netCents),
      ratePercent(line.vatRateBp),
      decimalEuro(line.vatCents),
      decimalEuro(line.grossCents),
    ]),
    DOCUMENT_LINES_CSV_COLUMNS,
  );
}

/** The columns of a Buchungsstapel, format version 13 (DATEV-Format 7.0), in their order. */
const BUCHUNGSSTAPEL_COLUMNS = [
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
  'EU-Land u. UStID',
  'EU-Steuersatz',
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
  'Ust-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
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
] as const;

export const BUCHUNGSSTAPEL_COLUMN_COUNT = BUCHUNGSSTAPEL_COLUMNS.length;

/** A text field: in quotes, quotes doubled, no line breaks or semicolon surprises, at most `max`. */
function quoted(value: string, max = Infinity): string {
  const clean = value.replace(/[\r\n\t]+/g, ' ').slice(0, max);
  return `"${clean.replace(/"/g, '""')}"`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
function compactDay(isoDay: string): string {
  return isoDay.replace(/-/g, '');
}

/**
 * The account a line is booked against, and its BU key (docs/decisions/0035):
 * lines at 19 % on the revenue accounts, which are SKR03 automatic accounts
 * (8400 rent and services, 8519 commission; manual lines count as rent), so
 * without a BU key; a line at another rate (a manual line at 0 % or 7 %) on
 * the clearing account, with BU 2 for 7 % and none for 0 %.
 */
function bookingAccount(
  line: DocumentLine,
  datev: BillingSettings['datev'],
): { account: number; bu: string } {
  const kind = line.kind;
  if (line.vatRateBp === 1900) {
    return {
      account: kind === 'commission' ? datev.erloeskontoProvision : datev.erloeskontoMiete,
      bu: '',
    };
  }
  return { account: datev.verrechnungskonto, bu: line.vatRateBp === 700 ? '2' : '' };
}

export interface DatevInput {
  settings: BillingSettings;
  /** ISO days, both in one fiscal year (the calendar year) */
  from: string;
  to: string;
  lines: readonly DocumentLine[];
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

/**
 * The DATEV Buchungsstapel (EXTF, DATEV-Format 7.0, category 21, format
 * version 13): the header line with consultant, client, fiscal year start,
 * account length and period; the column names; one booking per document line:
 * the producer's debitor against the revenue account (rent and services, or
 * commission) at 19 %, other rates against the clearing account with their BU
 * key. Amounts are positive with S/H (a credit, e.g. a cancellation, is H).
 * Windows-1252, CRLF, decimal comma.
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
    quoted(`Rechnungen ${formatIsoDay(from)}-${formatIsoDay(to)}`, 30),
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

  const bookings = input.lines
    .filter((line) => line.grossCents !== 0)
    .map((line) => {
      const debitor = input.debitors[line.vendorId];
      if (debitor === undefined) throw new Error(`DATEV: no debitor for ${line.vendorId}`);
      const { account, bu } = bookingAccount(line, datev);
      const fields: string[] = new Array<string>(BUCHUNGSSTAPEL_COLUMNS.length).fill('');
      fields[0] = decimalEuro(Math.abs(line.grossCents));
      // the producer owes the line (S on its debitor); a negative line is a credit (H)
      fields[1] = quoted(line.grossCents > 0 ? 'S' : 'H');
      fields[2] = quoted('EUR');
      fields[6] = String(debitor);
      fields[7] = String(account);
      fields[8] = quoted(bu);
      fields[9] = line.issuedOn.slice(8, 10) + line.issuedOn.slice(5, 7);
      fields[10] = quoted(line.number, 36);
      fields[13] = quoted(line.text, 60);
      return fields.join(';');
    });
  const text = [header, columns, ...bookings].join('\r\n') + '\r\n';
  return iconv.encode(text, 'win1252');
}
