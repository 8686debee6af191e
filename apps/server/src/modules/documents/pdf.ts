// The documents as PDF (pdfkit; docs/decisions/0034). The text is set in Arimo (metrically
// Helvetica's / Arial's widths), embedded as a subset: an invoice is a PDF/A-3 (ZUGFeRD /
// Factur-X) with its e-invoice embedded as factur-x.xml, and PDF/A embeds every font
// (docs/decisions/0075-e-invoices.md); the whole font, so names beyond Latin-1 print as written
// (docs/decisions/0093).
// The invoice carries every field of § 14 Abs. 4 UStG; the sales statement is no invoice.
import { addDays, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { daysOfMonth, type RateTotal, type Settlement } from '@housnkuh/shared/settlement';
import { formatVatRate } from '@housnkuh/shared/vat';
import PDFDocument from 'pdfkit';
import { ARIMO, printableInArimo, useArimo } from '../../lib/pdf-fonts';
import { formatQuantity } from '@housnkuh/shared/quantity';
import type { DocumentInput } from './e-invoice';
import { statementSales, type DocumentSale } from './statement-lines';

/** What a PDF shows: what its e-invoice is made of, and when the document was written. */
export interface PdfInput extends DocumentInput {
  createdAt: Date;
}

/** Text as the embedded font can print it, the minus sign as '-'. */
function printable(text: string): string {
  return printableInArimo(text.replace(/\u2212/g, '-'));
}

const REGULAR = ARIMO.regular;
const BOLD = ARIMO.bold;

const euro = (cents: number) => formatEuro(cents);
/** '7 %', '7,8 %' (the shared formatter: a space before the sign). */
const rate = (bp: number) => formatVatRate(bp);

/** '01.10.2026 – 31.10.2026' */
function period(month: string): string {
  const days = daysOfMonth(month);
  return `${formatIsoDay(days[0]!)} – ${formatIsoDay(days[days.length - 1]!)}`;
}

function addressLines(party: {
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
}): string[] {
  return [
    [party.strasse, party.hausnummer].filter(Boolean).join(' '),
    [party.plz, party.ort].filter(Boolean).join(' '),
  ].filter(Boolean);
}

type Doc = InstanceType<typeof PDFDocument>;
const LEFT = 56;
const RIGHT = 539;
const WIDTH = RIGHT - LEFT;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** never broken (a receipt number): the font shrinks to fit, down to 6 pt */
  nowrap?: boolean;
}

const CELL_SIZE = 8.5;

class Writer {
  /** the footer's lines and the page number above them, from the page's bottom edge */
  constructor(
    readonly doc: Doc,
    readonly footerHeight = 76,
  ) {}

  text(value: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    this.doc
      .font(options.bold ? BOLD : REGULAR)
      .fontSize(options.size ?? 9.5)
      .text(printable(value), LEFT, this.doc.y, { width: WIDTH });
    if (options.gap) this.doc.moveDown(options.gap);
  }

  heading(value: string): void {
    this.space(40);
    this.doc.moveDown(0.6);
    this.text(value, { size: 11, bold: true, gap: 0.2 });
  }

  /** A new page when `height` does not fit above the footer; true when one was added. */
  space(height: number): boolean {
    if (this.doc.y + height <= this.doc.page.height - this.footerHeight) return false;
    this.doc.addPage();
    return true;
  }

  /** A table row; `bold` for a heading or a total. */
  row(
    columns: readonly Column[],
    cells: readonly string[],
    bold = false,
    /** a table's heading, repeated at the top of a new page */
    heading?: () => void,
  ): void {
    const doc = this.doc;
    doc.font(bold ? BOLD : REGULAR).fontSize(CELL_SIZE);
    // a cell that must stay on one line: the largest size at which it fits its column
    const sizes = columns.map((column, i) => {
      if (!column.nowrap) return CELL_SIZE;
      let size = CELL_SIZE;
      const text = printable(cells[i] ?? '');
      while (size > 6 && doc.fontSize(size).widthOfString(text) > column.width - 4) size -= 0.25;
      doc.fontSize(CELL_SIZE);
      return size;
    });
    const heights = columns.map((column, i) =>
      column.nowrap &&
      doc.fontSize(sizes[i]!).widthOfString(printable(cells[i] ?? '')) <= column.width - 4
        ? doc.fontSize(CELL_SIZE).currentLineHeight()
        : doc
            .fontSize(sizes[i]!)
            .heightOfString(printable(cells[i] ?? ''), { width: column.width - 4 }),
    );
    doc.fontSize(CELL_SIZE);
    const height = Math.max(...heights);
    if (this.space(height + 4) && heading) {
      heading();
      doc.font(bold ? BOLD : REGULAR).fontSize(CELL_SIZE);
    }
    const y = doc.y;
    let x = LEFT;
    columns.forEach((column, i) => {
      const text = printable(cells[i] ?? '');
      const fits = doc.fontSize(sizes[i]!).widthOfString(text) <= column.width - 4;
      // a smaller font sits on the row's baseline
      const shift = CELL_SIZE - sizes[i]!;
      doc.text(text, x, y + shift * 0.8, {
        width: column.width - 4,
        align: column.align ?? 'left',
        ...(column.nowrap && fits ? { lineBreak: false } : {}),
      });
      doc.fontSize(CELL_SIZE);
      x += column.width;
    });
    doc.y = y + height + 3;
    doc.x = LEFT;
  }

  table(columns: readonly Column[], rows: readonly (readonly string[])[], totals: string[][] = []) {
    const heading = () => {
      this.row(
        columns,
        columns.map((column) => column.title),
        true,
      );
      this.rule();
    };
    heading();
    for (const cells of rows) this.row(columns, cells, false, heading);
    if (totals.length > 0) this.rule();
    for (const cells of totals) this.row(columns, cells, true, heading);
  }

  rule(): void {
    this.doc
      .moveTo(LEFT, this.doc.y - 1)
      .lineTo(RIGHT, this.doc.y - 1)
      .lineWidth(0.5)
      .strokeColor('#777777')
      .stroke();
    this.doc.y += 2;
  }

  /** "label: value" pairs in two columns. */
  facts(pairs: readonly (readonly [string, string])[]): void {
    for (const [label, value] of pairs) {
      const y = this.doc.y;
      this.doc
        .font(REGULAR)
        .fontSize(9.5)
        .text(printable(`${label}:`), LEFT, y, { width: 150 });
      this.doc.text(printable(value), LEFT + 150, y, { width: WIDTH - 150 });
      this.doc.x = LEFT;
    }
  }
}

const RATE_COLUMNS: Column[] = [
  { title: 'USt-Satz', width: 120 },
  { title: 'Netto', width: 120, align: 'right' },
  { title: 'USt', width: 120, align: 'right' },
  { title: 'Brutto', width: 123, align: 'right' },
];

function rateRows(totals: readonly RateTotal[]): string[][] {
  return totals.map((total) => [
    rate(total.vatRateBp),
    euro(total.netCents),
    euro(total.vatCents),
    euro(total.grossCents),
  ]);
}

function title(input: PdfInput): string {
  if (input.type === 'rechnung') return 'Rechnung';
  if (input.type === 'verkaufsabrechnung')
    return 'Verkaufsabrechnung – keine Rechnung im Sinne des UStG';
  return input.original?.type === 'rechnung'
    ? 'Stornorechnung'
    : 'Storno der Verkaufsabrechnung – keine Rechnung im Sinne des UStG';
}

/** The kind of figures the document shows (a storno: its original's). */
function shows(input: PdfInput): 'rechnung' | 'verkaufsabrechnung' {
  return input.type === 'storno'
    ? input.original?.type === 'rechnung'
      ? 'rechnung'
      : 'verkaufsabrechnung'
    : input.type;
}

function header(w: Writer, input: PdfInput): void {
  const { shop, producer } = input.parties;
  const shopAddress = addressLines(shop);
  w.text([shop.name, ...shopAddress].join(' · '), { size: 7.5 });
  w.doc.moveDown(0.8);
  const recipient = [producer.unternehmen, producer.name, ...addressLines(producer)].filter(
    (line): line is string => Boolean(line),
  );
  for (const line of recipient) w.text(line, { size: 10 });
  w.doc.moveDown(1.5);
  w.text(title(input), { size: 15, bold: true, gap: 0.4 });

  const isInvoice = shows(input) === 'rechnung';
  const label = input.type === 'storno' ? 'Nummer' : isInvoice ? 'Rechnungsnummer' : 'Nummer';
  const facts: [string, string][] = [
    [label, input.number],
    [isInvoice ? 'Rechnungsdatum' : 'Datum', formatIsoDay(input.issuedOn)],
    [
      isInvoice ? 'Leistungszeitraum' : 'Abrechnungszeitraum',
      `${formatMonth(input.month)} (${period(input.month)})`,
    ],
  ];
  if (input.original)
    facts.push([
      input.original.type === 'rechnung' ? 'Storno der Rechnung' : 'Storno der Abrechnung',
      `${input.original.number} vom ${formatIsoDay(input.original.issuedOn)}`,
    ]);
  if (input.reason) facts.push(['Grund', input.reason]);
  if (shop.steuernummer) facts.push(['Steuernummer des Ladens', shop.steuernummer]);
  if (shop.ustIdNr) facts.push(['USt-IdNr. des Ladens', shop.ustIdNr]);
  if (!isInvoice && producer.steuernummer)
    facts.push(['Steuernummer Direktvermarkter', producer.steuernummer]);
  if (!isInvoice && producer.ustIdNr) facts.push(['USt-IdNr. Direktvermarkter', producer.ustIdNr]);
  w.facts(facts);
}

/** A line of the statement's manual part: text and effect on the payout. */
interface PayoutLine {
  text: string;
  grossCents: number;
}

/**
 * The refunds (manual lines of kind 'refund': payments that are no supply, on the statement only,
 * no VAT) however the figures carry them: a list `refunds`, or `manualLines` with their kind.
 * Figures without either have none (a manual line without a kind is a charge: on the invoice).
 */
export function refundLines(figures: Settlement): PayoutLine[] {
  const loose = figures as unknown as Record<string, unknown>;
  const of = (list: unknown, all: boolean): PayoutLine[] =>
    Array.isArray(list)
      ? list
          .filter(
            (item): item is { text?: unknown; grossCents: number; kind?: unknown } =>
              Boolean(item) &&
              typeof item === 'object' &&
              typeof (item as { grossCents?: unknown }).grossCents === 'number' &&
              (all || (item as { kind?: unknown }).kind === 'refund'),
          )
          .map((item) => ({ text: String(item.text ?? 'Erstattung'), grossCents: item.grossCents }))
      : [];
  const refunds = of(loose.refunds, true);
  return refunds.length > 0 ? refunds : of(loose.manualLines, false);
}

/** What besides the invoice makes up the amount owed (the invoice's note names it). */
function offsetParts(figures: Settlement): string[] {
  const parts: string[] = [];
  if (figures.sales.grossCents !== 0) parts.push('Verkäufe');
  if (figures.openItems.length > 0) parts.push('offene Beträge früherer Monate');
  if (refundLines(figures).length > 0) parts.push('Erstattungen');
  return parts;
}

/** The due day of an amount owed: the issue day + the payment term as issued (null: unknown). */
function dueOn(input: PdfInput): string | null {
  const days = input.parties.shop.zahlungszielTage;
  return typeof days === 'number' ? addDays(input.issuedOn, days) : null;
}

/**
 * A negative month (docs/product/money.md): the amount owed, the due day (issue day + payment term,
 * as finalize dates the open item), the shop's account and the reference (the statement's
 * number), and what happens when it stays open.
 */
function paymentFacts(w: Writer, input: PdfInput, owedCents: number, reference: string): void {
  const { shop } = input.parties;
  const due = dueOn(input);
  w.doc.moveDown(0.4);
  w.text('Zahlung', { size: 11, bold: true, gap: 0.2 });
  const account = [
    shop.kontoinhaber,
    shop.iban ? `IBAN ${shop.iban}` : null,
    shop.bic ? `BIC ${shop.bic}` : null,
  ].filter(Boolean);
  w.facts([
    ['Zu zahlen', euro(owedCents)],
    ...(due ? [['Fällig am', formatIsoDay(due)] as const] : []),
    ['Konto', account.join(', ') || '–'],
    ['Verwendungszweck', reference],
  ]);
  w.doc.moveDown(0.4);
  w.text(
    `Bitte überweise ${euro(owedCents)}${due ? ` bis zum ${formatIsoDay(due)}` : ''} mit dem Verwendungszweck ${reference}. Bleibt der Betrag offen, wird er mit der nächsten Abrechnung verrechnet.`,
    { gap: 0.3 },
  );
}

function invoiceBody(w: Writer, input: PdfInput): void {
  const invoice = input.content.invoice;
  w.heading('Leistungen');
  w.table(
    [
      { title: 'Leistung', width: 203 },
      { title: 'Netto', width: 70, align: 'right' },
      { title: 'USt-Satz', width: 50, align: 'right' },
      { title: 'USt', width: 70, align: 'right' },
      { title: 'Brutto', width: 90, align: 'right' },
    ],
    invoice.lines.map((line) => [
      line.text,
      euro(line.netCents),
      rate(line.vatRateBp),
      euro(line.vatCents),
      euro(line.grossCents),
    ]),
  );
  w.heading('Summen nach Steuersatz');
  w.table(RATE_COLUMNS, rateRows(invoice.totals), [
    ['Rechnungsbetrag', euro(invoice.netCents), euro(invoice.vatCents), euro(invoice.grossCents)],
  ]);
  w.doc.moveDown(0.8);
  const payout = input.content.payoutCents;
  if (input.type === 'rechnung' && input.partnerNumber && payout >= 0)
    w.text(
      `Der Rechnungsbetrag wird mit der Auszahlung aus der Verkaufsabrechnung ${input.partnerNumber} verrechnet.`,
      { gap: 0.3 },
    );
  if (input.type === 'rechnung' && payout < 0) {
    // no payout to offset against: what is owed, by when, where to, with which reference
    const offset = offsetParts(input.content);
    if (input.partnerNumber && offset.length > 0)
      w.text(
        `Verrechnet mit der Verkaufsabrechnung ${input.partnerNumber} (${offset.join(' und ')}) sind ${euro(-payout)} zu zahlen.`,
        { gap: 0.3 },
      );
    paymentFacts(w, input, -payout, input.partnerNumber ?? input.number);
  }
  if (input.type === 'storno')
    w.text(
      `Diese Stornorechnung hebt die Rechnung ${input.original?.number ?? ''} vollständig auf; die Beträge sind mit umgekehrtem Vorzeichen übernommen.`,
      { gap: 0.3 },
    );
}

const RECEIPT_COLUMNS: Column[] = [
  { title: 'Datum', width: 50 },
  { title: 'Beleg', width: 92, nowrap: true },
  { title: 'Artikel', width: 122 },
  { title: 'Menge', width: 60, align: 'right' },
  { title: 'Einzelpreis', width: 55, align: 'right' },
  { title: 'USt-Satz', width: 42, align: 'right' },
  { title: 'Brutto', width: 62, align: 'right' },
];

function receiptRow(line: DocumentSale): string[] {
  return [
    formatIsoDay(line.soldOn),
    `${line.receiptId}/${line.position}`,
    line.articleText,
    formatQuantity(line.quantityThousandths, line.unit),
    euro(line.unitPriceGrossCents),
    rate(line.vatRateBp),
    euro(line.grossCents),
  ];
}

const grossOf = (lines: readonly { grossCents: number }[]) =>
  lines.reduce((total, line) => total + line.grossCents, 0);

/**
 * The sales statement: first what it comes to (the payout or the amount owed, and how it is
 * paid), then the sales by VAT rate, the month's receipt lines and the Nachträge (lines of
 * earlier months that came in after those were settled, with their sale day).
 */
function statementBody(w: Writer, input: PdfInput): void {
  const figures = input.content;
  const producer = input.parties.producer;
  const { current, late } = statementSales(figures, input.month);
  const refunds = refundLines(figures);

  const invoice = input.type === 'storno' ? null : input.partnerNumber;
  const invoiceRef = invoice ? ` (Rechnung ${invoice})` : '';
  const deductions: string[][] = [];
  for (const line of figures.invoice.lines)
    if (line.kind !== 'manual')
      deductions.push([`${line.text}${invoiceRef}`, euro(-line.grossCents)]);
  const charges = figures.invoice.lines.filter((line) => line.kind === 'manual');
  const sales: string[][] =
    late.length > 0
      ? [
          [`Verkäufe ${formatMonth(input.month)}`, euro(grossOf(current))],
          ['Nachträge aus früheren Monaten', euro(grossOf(late))],
        ]
      : [['Verkäufe brutto', euro(figures.sales.grossCents)]];
  w.heading('Abrechnung');
  w.table(
    [
      { title: 'Position', width: 363 },
      { title: 'Betrag', width: 120, align: 'right' },
    ],
    [
      ...sales,
      ...deductions,
      // a charge's credit is positive here (the invoice shows it negated)
      ...charges.map((line) => [`${line.text}${invoiceRef}`, euro(-line.grossCents)]),
      // a line without an amount only names something (a shrinkage the producer caused)
      ...refunds.map((line) =>
        line.grossCents === 0
          ? [line.text, '–']
          : [`${line.text} (nicht steuerbar)`, euro(line.grossCents)],
      ),
      ...figures.openItems.map((item) => [
        `Offener Betrag aus ${formatMonth(item.month)}${item.documentNumber ? ` (${item.documentNumber})` : ''}`,
        euro(-item.amountCents),
      ]),
    ],
    [
      [
        input.type === 'storno'
          ? figures.payoutCents > 0
            ? 'Aufgehobener offener Betrag zu Lasten des Direktvermarkters'
            : 'Aufgehobener Auszahlungsbetrag'
          : figures.payoutCents >= 0
            ? 'Auszahlungsbetrag'
            : 'Offener Betrag zu Lasten des Direktvermarkters',
        euro(figures.payoutCents),
      ],
    ],
  );
  w.doc.moveDown(0.6);
  if (input.type === 'storno')
    w.text(
      `Dieses Storno hebt die Verkaufsabrechnung ${input.original?.number ?? ''} vollständig auf; die Beträge sind mit umgekehrtem Vorzeichen übernommen.`,
      { gap: 0.3 },
    );
  else if (invoice && figures.payoutCents >= 0)
    w.text(
      `Die Rechnung ${invoice} über ${euro(figures.invoice.grossCents)} ist mit dieser Abrechnung verrechnet.`,
      { gap: 0.3 },
    );
  else if (invoice && figures.sales.grossCents > 0)
    w.text(
      `Die Verkäufe sind mit der Rechnung ${invoice} über ${euro(figures.invoice.grossCents)} verrechnet; sie decken sie nicht.`,
      { gap: 0.3 },
    );
  if (refunds.some((line) => line.grossCents !== 0))
    w.text(
      'Erstattungen sind keine Leistung des Ladens und nicht steuerbar; sie enthalten keine Umsatzsteuer.',
      { gap: 0.3 },
    );
  if (input.type !== 'storno' && figures.payoutCents > 0)
    w.text(
      `Wir überweisen ${euro(figures.payoutCents)} an ${producer.kontoinhaber ?? producer.name}, IBAN ${producer.iban ?? '–'}.`,
      { gap: 0.3 },
    );
  if (input.type !== 'storno' && figures.payoutCents < 0)
    paymentFacts(w, input, -figures.payoutCents, input.number);

  w.heading('Verkäufe nach Steuersatz');
  w.table(RATE_COLUMNS, rateRows(figures.sales.byRate), [
    [
      'Summe',
      euro(figures.sales.byRate.reduce((sum, r) => sum + r.netCents, 0)),
      euro(figures.sales.byRate.reduce((sum, r) => sum + r.vatCents, 0)),
      euro(figures.sales.grossCents),
    ],
  ]);
  if (producer.taxStatus === 'kleinunternehmer')
    w.text('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.', { gap: 0.3 });
  if (producer.taxStatus === 'pauschaliert')
    w.text(
      'Umsatzsteuer nach Durchschnittssätzen für land- und forstwirtschaftliche Betriebe (§ 24 UStG).',
      { gap: 0.3 },
    );

  if (current.length > 0 || late.length === 0) {
    w.heading('Verkäufe');
    w.table(RECEIPT_COLUMNS, current.map(receiptRow), [
      ['', '', 'Summe Verkäufe', '', '', '', euro(grossOf(current))],
    ]);
  }
  if (late.length > 0) {
    w.heading('Nachträge');
    w.text(
      'Verkäufe früherer Monate, die erst nach deren Abrechnung eingegangen sind, mit ihrem Verkaufstag.',
      { size: 8.5, gap: 0.3 },
    );
    w.table(RECEIPT_COLUMNS, late.map(receiptRow), [
      ['', '', 'Summe Nachträge', '', '', '', euro(grossOf(late))],
    ]);
  }
}

/** The footer's lines: the issuer and its address, its representatives, tax ids, bank. */
function footerLines(shop: PdfInput['parties']['shop']): string[] {
  const join = (parts: readonly (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return [
    join([shop.name, ...addressLines(shop)]),
    join([
      shop.vertretenDurch ? `Vertreten durch ${shop.vertretenDurch}` : null,
      shop.registereintrag,
    ]),
    join([
      shop.steuernummer ? `Steuernummer ${shop.steuernummer}` : null,
      shop.ustIdNr ? `USt-IdNr. ${shop.ustIdNr}` : null,
    ]),
    join([
      shop.kontoinhaber ? `Kontoinhaber ${shop.kontoinhaber}` : null,
      shop.iban ? `IBAN ${shop.iban}` : null,
      shop.bic ? `BIC ${shop.bic}` : null,
    ]),
  ].filter(Boolean);
}

const FOOTER_LINE = 10;
const FOOTER_BOTTOM = 40;

/** From the page's bottom edge: the footer's lines, the page number above them and a gap. */
function footerHeight(lines: number): number {
  return FOOTER_BOTTOM + FOOTER_LINE * (lines - 1) + 16;
}

function footer(w: Writer, input: PdfInput): void {
  const doc = w.doc;
  const lines = footerLines(input.parties.shop);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // the footer lies in the bottom margin: text there would make pdfkit open a new page after
    // each page (issue 30), so the margin is lifted while the footer is written
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - FOOTER_BOTTOM - FOOTER_LINE * (lines.length - 1);
    doc.font(REGULAR).fontSize(7.5).fillColor('#444444');
    lines.forEach((line, n) => {
      // a long line is set smaller (down to 5,5 pt), never broken
      let size = 7.5;
      while (size > 5.5 && doc.fontSize(size).widthOfString(printable(line)) > WIDTH) size -= 0.25;
      doc.text(printable(line), LEFT, top + n * FOOTER_LINE, { lineBreak: false });
      doc.fontSize(7.5);
    });
    doc.text(printable(`${input.number} · Seite ${i + 1} von ${range.count}`), LEFT, top - 14, {
      width: WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.page.margins.bottom = margin;
  }
}

const escapeXmp = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * pdfkit (0.20) copies the title and author into the XMP as they are: a shop named
 * "Hof & Laden" would make the XMP no XML, and the PDF/A no PDF/A. The document information
 * dictionary is written first (doc.end() ends it before the metadata), so the XMP is written
 * from escaped copies and the dictionary keeps the plain text. e-invoice.test.ts reads both.
 */
function escapeInfoInXmp(doc: PDFKit.PDFDocument): void {
  const inner = doc as unknown as { _addInfo?: () => void; info: Record<string, unknown> };
  const addInfo = inner._addInfo;
  if (typeof addInfo !== 'function')
    throw new Error('pdfkit: _addInfo is gone, see escapeInfoInXmp');
  inner._addInfo = () => {
    const plain = { ...inner.info };
    for (const key of ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'])
      if (typeof plain[key] === 'string') inner.info[key] = escapeXmp(plain[key]);
    try {
      addInfo.call(doc);
    } finally {
      Object.assign(inner.info, plain);
    }
  };
}

/**
 * The XMP a Factur-X / ZUGFeRD reader looks for: the fx schema's four properties and, as PDF/A
 * asks for any schema beyond its own, the extension schema that describes them.
 */
function facturXMetadata(conformance: string, filename: string): string {
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${escapeXmp(filename)}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${escapeXmp(conformance)}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property><rdf:Seq>
                    ${property('DocumentFileName', 'The name of the embedded XML document')}
                    ${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
                    ${property('Version', 'The actual version of the standard applying to the embedded XML document')}
                    ${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
                </rdf:Seq></pdfaSchema:property>
            </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>`;
}

/** The namespace of Factur-X's (and ZUGFeRD 2's) XMP properties. */
export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The e-invoice a PDF carries: the CII XML and its Factur-X conformance level. */
export interface EmbeddedInvoice {
  xml: string;
  filename: string;
  conformance: string;
}

/**
 * The PDF of a document. With `einvoice` (an invoice, an invoice's cancellation): a PDF/A-3b
 * with the CII XML embedded (AFRelationship Alternative: the XML is the invoice's equivalent
 * form, as ZUGFeRD asks for its XRECHNUNG profile) and the Factur-X XMP.
 */
export async function renderDocumentPdf(
  input: PdfInput,
  einvoice: EmbeddedInvoice | null = null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 40, left: LEFT, right: 595 - RIGHT },
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'de-DE',
    ...(einvoice ? { subset: 'PDF/A-3b' as const } : {}),
    info: {
      Title: printable(`${title(input).split(' – ')[0]} ${input.number}`),
      Author: printable(input.parties.shop.name),
      Creator: 'housnkuh',
      Producer: 'housnkuh',
      CreationDate: input.createdAt,
    },
  });
  escapeInfoInXmp(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useArimo(doc);
  if (einvoice) {
    // pdfkit writes AFRelationship from `relationship` (its types lack it)
    const attachment = {
      name: einvoice.filename,
      type: 'text/xml',
      relationship: 'Alternative',
      description: `E-Rechnung ${input.number} (${einvoice.conformance})`,
      creationDate: input.createdAt,
      modifiedDate: input.createdAt,
    };
    doc.file(Buffer.from(einvoice.xml, 'utf8'), attachment);
    doc.appendXML(facturXMetadata(einvoice.conformance, einvoice.filename));
  }
  const w = new Writer(doc, footerHeight(footerLines(input.parties.shop).length));
  header(w, input);
  if (shows(input) === 'rechnung') invoiceBody(w, input);
  else statementBody(w, input);
  footer(w, input);
  doc.end();
  return done;
}
