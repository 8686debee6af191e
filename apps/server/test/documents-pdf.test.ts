import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentParties } from '@housnkuh/shared/schemas/documents';
import { settleMonth, type Settlement } from '@housnkuh/shared/settlement';
import { inStoreEan } from '@housnkuh/shared/ean';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction';
import { createSession } from '../src/modules/accounts/sessions.service';
import {
  insertCancellation,
  insertSettlementDocuments,
  renderMissingPdfs,
} from '../src/modules/documents/public';
import { renderDocumentPdf, type PdfInput } from '../src/modules/documents/pdf';
import { embeddedFile } from '../src/modules/documents/pdf-files';
import { documents } from '../src/modules/documents/schema';
import { salesLines } from '../src/modules/sales/schema';
import { octoberDocuments, octoberFigures, producer, sale } from './documents-fixtures';
import { product } from './sales-fixtures';
import { appWithSmtp, signedInAdmin, tempDir } from './helpers';

// The documents' PDFs, the mail with both attached, and the producer's and the admin's API
// (issue 26, docs/decisions/0034). The PDFs are read back with pdftotext.
const { t, smtp } = appWithSmtp();

/** The text of a PDF, its whitespace runs made one space. */
function pdfText(pdf: Buffer): string {
  const file = path.join(tempDir(), 'beleg.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // pdftotext's layout may swallow the space before a per cent sign
  return text.replace(/\s+/g, ' ').replace(/(\d)%/g, '$1 %');
}

async function issueOctober(
  name: string,
  taxStatus = 'regelbesteuert',
  settlement = octoberFigures(),
) {
  const db = t.database.db;
  const p = await producer(db, name, taxStatus);
  const issued = await transaction(db, (tx) =>
    insertSettlementDocuments(tx, [octoberDocuments(p, settlement)], '2026-11-03'),
  );
  const token = (await createSession(db, 'vendor', p.id)).token;
  return {
    ...p,
    token,
    invoice: issued.find((d) => d.type === 'rechnung')!,
    statement: issued.find((d) => d.type === 'verkaufsabrechnung')!,
  };
}

describe('the mail and the PDFs', () => {
  it('prints names as they are written, beyond Latin-1 (Ł, ř)', async () => {
    const lukasz = await issueOctober('Łukasz Dvořák');
    await renderMissingPdfs(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/documents/${lukasz.invoice.id}/pdf`,
      headers: { authorization: `Bearer ${lukasz.token}` },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Łukasz Dvořák');
    expect(text).toContain('Hof Dvořák');
    expect(text).not.toContain('?ukasz');
  });

  it('mails both PDFs, stored once with their SHA-256; the invoice holds every § 14 field', async () => {
    const anna = await issueOctober('Anna Müller');
    const mail = await smtp.waitForMail(anna.email);
    expect(mail.subject).toBe('Abrechnung für Oktober 2026');
    expect(mail.text).toContain('Rechnung RE-');
    expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`${anna.invoice.number}.pdf`, 'application/pdf'],
      [`${anna.statement.number}.pdf`, 'application/pdf'],
    ]);
    const [invoicePdf, statementPdf] = mail.attachments.map((a) => a.content) as [Buffer, Buffer];
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(sql`${documents.id} = ${anna.invoice.id}`);
    expect(row!.sha256).toBe(createHash('sha256').update(invoicePdf).digest('hex'));
    expect(row!.pdf!.equals(invoicePdf)).toBe(true);

    const invoice = pdfText(invoicePdf);
    for (const field of [
      'Rechnung',
      // the shop: the owner's full name with the brand (§ 14 Abs. 4 Nr. 1), address, tax ids
      'housnkuh – Inh. Eva Kraus · Strauer Str. 15 · 96317 Kronach',
      'Strauer Str. 15',
      '96317 Kronach',
      'Steuernummer des Ladens: 214/123/45678',
      'USt-IdNr. des Ladens: DE123456789',
      // the producer: full name and address
      'Hof Müller',
      'Anna Müller',
      'Bergstraße 7',
      '96328 Küps',
      // number, date, period
      `Rechnungsnummer: ${anna.invoice.number}`,
      'Rechnungsdatum: 03.11.2026',
      'Leistungszeitraum: Oktober 2026 (01.10.2026 – 31.10.2026)',
      // each line with net, rate, VAT, gross
      'Miete Mietfach A10 (V-2026-0001), 01.10.–',
      '12,61 € 19 % 2,39 € 15,00 €',
      '31.10.2026, 31 von 31 Tagen',
      'Provision 4 % auf Verkäufe von 34,00 € 1,36 € 19 % 0,26 € 1,62 €',
      'Erstattung fehlende Ware -2,94 € 19 % -0,56 € -3,50 €',
      // totals per rate
      '19 % 11,03 € 2,09 € 13,12 €',
      'Rechnungsbetrag 11,03 € 2,09 € 13,12 €',
      `Der Rechnungsbetrag wird mit der Auszahlung aus der Verkaufsabrechnung ${anna.statement.number} verrechnet.`,
      'IBAN DE02120300000000202051',
    ])
      expect(invoice).toContain(field);

    const statement = pdfText(statementPdf);
    for (const field of [
      'Verkaufsabrechnung – keine Rechnung im Sinne des UStG',
      `Nummer: ${anna.statement.number}`,
      'Datum: 03.11.2026',
      'Abrechnungszeitraum: Oktober 2026',
      'Hof Müller',
      'Steuernummer Direktvermarkter: 207/111/22222',
      // the receipt lines
      '02.10.2026',
      'Blütenhonig 500 g 2 5,00 € 7 % 10,00 €',
      '12,00 € 19 % 24,00 €',
      'Summe Verkäufe 34,00 €',
      // by VAT rate
      '7 % 9,35 € 0,65 € 10,00 €',
      '19 % 20,17 € 3,83 € 24,00 €',
      // the deductions with the invoice's number, the manual line, the payout
      'Miete Mietfach A10 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen (Rechnung -15,00 €',
      `(Rechnung ${anna.invoice.number}) -1,62 €`,
      `Erstattung fehlende Ware (Rechnung ${anna.invoice.number}) 3,50 €`,
      'Auszahlungsbetrag 20,88 €',
      'IBAN DE89370400440532013000',
    ])
      expect(statement).toContain(field);
    expect(statement).not.toContain('Gutschrift');
    expect(statement).not.toContain('§ 19');
  });

  it('writes § 19 on a Kleinunternehmer’s statement and lists open amounts', async () => {
    const figures = settleMonth({
      month: '2026-10',
      freeMonth: null,
      contracts: [],
      sales: [sale('2026-10-05', 800, 0)],
      manualLines: [],
      openItems: [{ id: 'o1', month: '2026-08', documentNumber: 'VA-2026-00007', amountCents: 48 }],
      shopVatRateBp: 1900,
    });
    const klara = await issueOctober('Klara Klein', 'kleinunternehmer', figures);
    await renderMissingPdfs(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/documents/${klara.statement.id}/pdf`,
      headers: { authorization: `Bearer ${klara.token}` },
    });
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet');
    expect(text).toContain('Offener Betrag aus August 2026 (VA-2026-00007) -0,48 €');
    expect(text).toContain(
      `Auszahlungsbetrag ${(figures.payoutCents / 100).toFixed(2).replace('.', ',')} €`,
    );
  });

  it('renders a storno naming the original’s number and date, with negated figures', async () => {
    const db = t.database.db;
    const bodo = await issueOctober('Bodo Berger');
    const storno = await transaction(db, (tx) =>
      insertCancellation(tx, bodo.invoice.id, 'Falscher Mietpreis', '2026-11-20'),
    );
    const stornoStatement = await transaction(db, (tx) =>
      insertCancellation(tx, bodo.statement.id, 'Falscher Mietpreis', '2026-11-20'),
    );
    const admin = await signedInAdmin(t, 'eva-storno');
    const pdf = async (id: string) =>
      pdfText(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/documents/${id}/pdf`,
            headers: { authorization: `Bearer ${admin}` },
          })
        ).rawPayload,
      );
    const text = await pdf(storno.id);
    for (const field of [
      'Stornorechnung',
      `Nummer: ${storno.number}`,
      'Rechnungsdatum: 20.11.2026',
      `Storno der Rechnung: ${bodo.invoice.number} vom 03.11.2026`,
      'Grund: Falscher Mietpreis',
      'Steuernummer des Ladens: 214/123/45678',
      '-12,61 € 19 % -2,39 € -15,00 €',
      'Rechnungsbetrag -11,03 € -2,09 € -13,12 €',
    ])
      expect(text).toContain(field);
    const statementText = await pdf(stornoStatement.id);
    expect(statementText).toContain('Storno der Verkaufsabrechnung');
    expect(statementText).toContain(
      `Storno der Abrechnung: ${bodo.statement.number} vom 03.11.2026`,
    );
    expect(statementText).toContain('Verkäufe brutto -34,00 €');
    expect(statementText).toContain('Aufgehobener Auszahlungsbetrag -20,88 €');
    expect(statementText).toContain('Datum: 20.11.2026');
  });
});

describe('a negative month (issue 30, item 9)', () => {
  it('says what the producer owes, by when, to which account and with which reference', async () => {
    // September of the binding example: no sales, rent 15,00 €, August's 0,48 € still open
    const figures = settleMonth({
      month: '2026-10',
      freeMonth: null,
      contracts: [
        {
          id: 'c1',
          number: 'V-2026-0009',
          startDate: '2026-09-01',
          endDate: null,
          cancelled: false,
          versions: [
            {
              validFrom: '2026-09-01',
              provisionType: 'basic',
              commissionRateBp: 400,
              monthlyPriceCents: 1500,
              label: 'Mietfach B1',
            },
          ],
        },
      ],
      sales: [],
      manualLines: [],
      openItems: [{ id: 'o1', month: '2026-09', documentNumber: 'VA-2026-00003', amountCents: 48 }],
      shopVatRateBp: 1900,
    });
    expect(figures.payoutCents).toBe(-1548);
    const nina = await issueOctober('Nina Neumann', 'regelbesteuert', figures);
    const mail = await smtp.waitForMail(nina.email);
    const [invoicePdf, statementPdf] = mail.attachments.map((a) => a.content) as [Buffer, Buffer];
    const payment = [
      'Zu zahlen: 15,48 €',
      // issued 03.11.2026, payment term 14 days
      'Fällig am: 17.11.2026',
      'Konto: Eva Kraus, IBAN DE02120300000000202051, BIC BYLADEM1001',
      `Verwendungszweck: ${nina.statement.number}`,
    ];
    const invoice = pdfText(invoicePdf);
    for (const field of [
      'Rechnungsbetrag 12,61 € 2,39 € 15,00 €',
      `Verrechnet mit der Verkaufsabrechnung ${nina.statement.number} (offene Beträge früherer Monate) sind 15,48 € zu zahlen.`,
      ...payment,
    ])
      expect(invoice).toContain(field);
    expect(invoice).not.toContain('Auszahlung');

    const statement = pdfText(statementPdf);
    for (const field of ['Offener Betrag zu Lasten des Direktvermarkters -15,48 €', ...payment])
      expect(statement).toContain(field);
    expect(statement).not.toMatch(
      /mit dieser Abrechnung verrechnet|Auszahlungsbetrag|Wir überweisen/,
    );

    // its storno lifts the amount owed and asks for no payment
    const storno = await transaction(t.database.db, (tx) =>
      insertCancellation(tx, nina.statement.id, 'Falscher Mietpreis', '2026-11-20'),
    );
    // as the producer downloads it (rendered after the commit, by whichever run holds it)
    const stornoPdf = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/documents/${storno.id}/pdf`,
      headers: { authorization: `Bearer ${nina.token}` },
    });
    expect(stornoPdf.statusCode).toBe(200);
    const stornoText = pdfText(stornoPdf.rawPayload);
    expect(stornoText).toContain(
      'Aufgehobener offener Betrag zu Lasten des Direktvermarkters 15,48 €',
    );
    expect(stornoText).not.toContain('Fällig am');

    expect(mail.text).toContain(
      `Aus dieser Abrechnung schuldest du uns 15,48 €. Bitte überweise den Betrag bis zum 17.11.2026 auf unser Konto (Eva Kraus, IBAN DE02120300000000202051) mit dem Verwendungszweck ${nina.statement.number}.`,
    );
  });

  it('a positive month keeps the offset note', async () => {
    const olga = await issueOctober('Olga Ostermann');
    await renderMissingPdfs(t.database.db);
    const mail = await smtp.waitForMail(olga.email);
    const invoice = pdfText(mail.attachments[0]!.content as Buffer);
    expect(invoice).toContain(
      `Der Rechnungsbetrag wird mit der Auszahlung aus der Verkaufsabrechnung ${olga.statement.number} verrechnet.`,
    );
    expect(invoice).not.toContain('Fällig am');
  });
});

describe('the statement (issue 30, item 10 and its new sections)', () => {
  it('puts the payout first, lists Nachträge with their day, refunds as nicht steuerbar, units and whole receipt numbers', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Wilma Waage');
    const cheese = await product(db as never, p.id, {
      name: 'Bergkäse',
      ean: inStoreEan(2701),
      priceCents: 1990,
      unit: 'kg',
    });
    // a weighed line as the till stores it, with its product
    const [weighed] = await db
      .insert(salesLines)
      .values({
        receiptId: 'K1-20261017-0042',
        position: 12,
        soldAt: new Date('2026-10-17T08:30:00Z'),
        ean: inStoreEan(2701),
        articleText: 'Bergkäse',
        quantityThousandths: 109,
        unitPriceGrossCents: 1990,
        vatRateBp: 700,
        lineTotalGrossCents: 217,
        productId: cheese,
        vendorId: p.id,
        source: 'pos',
        raw: '{}',
      })
      .returning({ id: salesLines.id });
    const late = { ...sale('2026-09-28', 450), articleText: 'Apfelsaft 1 l' };
    const figures = settleMonth({
      month: '2026-10',
      freeMonth: null,
      contracts: [],
      sales: [
        {
          id: weighed!.id,
          receiptId: 'K1-20261017-0042',
          position: 12,
          soldAt: '2026-10-17T08:30:00.000Z',
          soldOn: '2026-10-17',
          articleText: 'Bergkäse',
          quantityThousandths: 109,
          unitPriceGrossCents: 1990,
          vatRateBp: 700,
          grossCents: 217,
        },
        late,
      ],
      manualLines: [],
      openItems: [],
      shopVatRateBp: 1900,
    });
    // a refund (no supply): on the statement only, added to the payout
    const refund = {
      id: 'r1',
      kind: 'refund',
      text: 'Erstattung fehlende Ware (AGB § 8)',
      grossCents: 350,
    };
    const settlement = {
      ...figures,
      manualLines: [refund],
      payoutCents: figures.payoutCents + 350,
    } as unknown as Settlement;
    const issued = await transaction(db, (tx) =>
      insertSettlementDocuments(tx, [octoberDocuments(p, settlement)], '2026-11-03'),
    );
    const statementId = issued.find((d) => d.type === 'verkaufsabrechnung')!.id;
    const [row] = await db
      .select()
      .from(documents)
      .where(sql`${documents.id} = ${statementId}`);
    // the unit is stored with the line, taken from the product when the documents were issued
    expect((row!.content as Settlement).sales.lines).toEqual([
      expect.objectContaining({ id: late.id }),
      expect.objectContaining({ id: weighed!.id, unit: 'kg' }),
    ]);
    // the producer's page gets the unit and the sale day of a Nachtrag
    const token = (await createSession(db, 'vendor', p.id)).token;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/documents',
      headers: { authorization: `Bearer ${token}` },
    });
    const statementLines = listed
      .json()
      .documents.find((d: { type: string }) => d.type === 'verkaufsabrechnung').lines;
    expect(statementLines).toEqual([
      expect.objectContaining({ articleText: 'Apfelsaft 1 l', soldOn: '2026-09-28' }),
      expect.objectContaining({ articleText: 'Bergkäse', unit: 'kg', quantityThousandths: 109 }),
    ]);
    const mail = await smtp.waitForMail(p.email);
    const text = pdfText(mail.attachments.at(-1)!.content as Buffer);
    const payoutAt = text.indexOf('Auszahlungsbetrag');
    for (const field of [
      'Verkäufe Oktober 2026 2,17 €',
      'Nachträge aus früheren Monaten 4,50 €',
      'Erstattung fehlende Ware (AGB § 8) (nicht steuerbar) 3,50 €',
      'K1-20261017-0042/12',
      'Bergkäse 0,109 kg 19,90 € 7 % 2,17 €',
      'Nachträge',
      '28.09.2026',
      'Apfelsaft 1 l',
      'Erstattungen sind keine Leistung des Ladens und nicht steuerbar',
    ]) {
      expect(text).toContain(field);
    }
    // the payout summary comes first, the receipt lines after it; the Nachtrag under its heading
    expect(payoutAt).toBeGreaterThan(0);
    expect(payoutAt).toBeLessThan(text.indexOf('Summe Verkäufe'));
    const lateHeading = text.indexOf('Nachträge Verkäufe früherer Monate');
    expect(lateHeading).toBeGreaterThan(0);
    expect(text.indexOf('28.09.2026')).toBeGreaterThan(lateHeading);
    expect(text.indexOf('Apfelsaft 1 l')).toBeGreaterThan(lateHeading);
    expect(text.indexOf('Bergkäse 0,109')).toBeLessThan(lateHeading);
  });
});

describe('the API', () => {
  it('lists the producer’s own documents and answers another’s PDF with 404', async () => {
    const carla = await issueOctober('Carla Weiß');
    const dieter = await issueOctober('Dieter Groß');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/documents',
      headers: { authorization: `Bearer ${carla.token}` },
    });
    expect(list.statusCode).toBe(200);
    const { documents: own } = list.json();
    expect(own.map((d: { number: string }) => d.number).sort()).toEqual(
      [carla.invoice.number, carla.statement.number].sort(),
    );
    const statement = own.find((d: { type: string }) => d.type === 'verkaufsabrechnung');
    expect(statement).toMatchObject({
      id: carla.statement.id,
      number: carla.statement.number,
      month: '2026-10',
      totalGrossCents: 2088,
      payoutCents: 2088,
      refersToNumber: carla.invoice.number,
      cancelledBy: null,
      pdfUrl: `/api/vendor-auth/documents/${carla.statement.id}/pdf`,
    });
    expect(statement.xmlUrl).toBeNull();
    expect(own.find((d: { type: string }) => d.type === 'rechnung').xmlUrl).toBe(
      `/api/vendor-auth/documents/${carla.invoice.id}/xrechnung.xml`,
    );
    expect(statement.lines).toHaveLength(2);
    expect(statement.lines[0]).toMatchObject({
      articleText: 'Blütenhonig 500 g',
      grossCents: 1000,
    });

    const get = (url: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const own200 = await get(statement.pdfUrl, carla.token);
    expect(own200.statusCode).toBe(200);
    expect(own200.headers['content-type']).toBe('application/pdf');
    expect(own200.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await get(`/api/vendor-auth/documents/${dieter.invoice.id}/pdf`, carla.token)).statusCode,
    ).toBe(404);
    expect((await get('/api/vendor-auth/documents/kein-beleg/pdf', carla.token)).statusCode).toBe(
      404,
    );
    // the e-invoice alone: the invoice's XML as embedded in its PDF; a statement has none, and
    // another producer's is not found (docs/decisions/0075-e-invoices.md)
    const xml = await get(
      `/api/vendor-auth/documents/${carla.invoice.id}/xrechnung.xml`,
      carla.token,
    );
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain(`<ram:ID>${carla.invoice.number}</ram:ID>`);
    const invoicePdf = await get(`/api/vendor-auth/documents/${carla.invoice.id}/pdf`, carla.token);
    expect(embeddedFile(invoicePdf.rawPayload, 'factur-x.xml')?.toString('utf8')).toBe(xml.body);
    expect(embeddedFile(own200.rawPayload, 'factur-x.xml')).toBeNull();
    for (const url of [
      `/api/vendor-auth/documents/${carla.statement.id}/xrechnung.xml`,
      `/api/vendor-auth/documents/${dieter.invoice.id}/xrechnung.xml`,
      '/api/vendor-auth/documents/kein-beleg/xrechnung.xml',
    ]) {
      const refused = await get(url, carla.token);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().success).toBe(false);
    }
    expect(
      (await get(`/api/vendor-auth/documents/${carla.invoice.id}/xrechnung.xml`)).statusCode,
    ).toBe(401);
    expect(
      (await get(`/api/admin/documents/${carla.invoice.id}/xrechnung.xml`, carla.token)).statusCode,
    ).toBe(401);
    expect((await get(statement.pdfUrl)).statusCode).toBe(401);
    expect(
      (await get(`/api/admin/documents/${carla.invoice.id}/pdf`, carla.token)).statusCode,
    ).toBe(401);

    const admin = await signedInAdmin(t, 'eva-liste');
    const adminList = await get(`/api/admin/documents?vendorId=${dieter.id}&month=2026-10`, admin);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json().documents).toEqual([
      expect.objectContaining({
        number: dieter.statement.number,
        vendorId: dieter.id,
        // the business's name, as the settlement's list says it
        vendorName: 'Hof Groß',
        pdfUrl: `/api/admin/documents/${dieter.statement.id}/pdf`,
      }),
      expect.objectContaining({
        number: dieter.invoice.number,
        type: 'rechnung',
        totalGrossCents: 1312,
      }),
    ]);
    expect((await get('/api/admin/documents?month=2026-13', admin)).statusCode).toBe(400);
    expect(
      (await get(`/api/admin/documents?vendorId=${dieter.id}&month=2026-09`, admin)).json(),
    ).toEqual({
      success: true,
      documents: [],
    });
    const adminPdf = await get(`/api/admin/documents/${dieter.invoice.id}/pdf`, admin);
    expect(adminPdf.headers['content-type']).toBe('application/pdf');
  });
});

/** pdfinfo's page count and the text of one page. */
function pdfPages(pdf: Buffer): { pages: number; page: (n: number) => string } {
  const file = path.join(tempDir(), 'seiten.pdf');
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  const page = (n: number) =>
    execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), file, '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
  return { pages, page };
}

function pdfInput(type: PdfInput['type'], content: Settlement, parties: DocumentParties): PdfInput {
  return {
    type,
    number: type === 'rechnung' ? 'RE-2026-00042' : 'VA-2026-00042',
    month: '2026-10',
    issuedOn: '2026-11-03',
    content,
    parties,
    reason: null,
    createdAt: new Date('2026-11-03T09:00:00Z'),
    partnerNumber: type === 'rechnung' ? 'VA-2026-00042' : 'RE-2026-00042',
    original: null,
  };
}

describe('the page count (issue 30, item 8)', () => {
  it('equals "Seite m von m" on the last page: invoices and statements of 1, 2 and 5 pages', async () => {
    const parties = (await producer(t.database.db, 'Paula Seiten')).parties;
    const invoice = pdfPages(
      await renderDocumentPdf(pdfInput('rechnung', octoberFigures(), parties)),
    );
    expect(invoice.pages).toBe(1);
    expect(invoice.page(1)).toContain('RE-2026-00042 · Seite 1 von 1');

    const statementOf = (lines: number) => {
      const sales = Array.from({ length: lines }, (_, i) =>
        sale(`2026-10-${String((i % 28) + 1).padStart(2, '0')}`, 200 + i),
      );
      return settleMonth({
        month: '2026-10',
        freeMonth: null,
        contracts: [],
        sales,
        manualLines: [],
        openItems: [],
        shopVatRateBp: 1900,
      });
    };
    for (const [lines, expected] of [
      [3, 1],
      [60, 2],
      [200, 5],
    ] as const) {
      const pdf = pdfPages(
        await renderDocumentPdf(pdfInput('verkaufsabrechnung', statementOf(lines), parties)),
      );
      expect(pdf.pages, `${lines} lines`).toBe(expected);
      for (let n = 1; n <= pdf.pages; n++) {
        expect(pdf.page(n)).toContain(`VA-2026-00042 · Seite ${n} von ${expected}`);
        // a table continued on a new page repeats its heading
        if (n > 1)
          expect(pdf.page(n)).toContain('Datum Beleg Artikel Menge Einzelpreis USt-Satz Brutto');
      }
    }
  });
});

describe('the issuer (issue 30, item 7)', () => {
  it('a company: its name with its legal form in header and footer, its representatives and register entry in the footer', async () => {
    const { parties } = await producer(t.database.db, 'Gustav Firma');
    const shop = {
      ...parties.shop,
      name: 'housnkuh GmbH',
      vertretenDurch: 'Eva Beispiel',
      registereintrag: 'Amtsgericht Coburg, HRB 1234',
    };
    const text = pdfText(
      await renderDocumentPdf(pdfInput('rechnung', octoberFigures(), { ...parties, shop })),
    );
    // the sender line above the address and the footer's first line
    expect(text.split('housnkuh GmbH · Strauer Str. 15 · 96317 Kronach')).toHaveLength(3);
    expect(text).toContain(
      'Vertreten durch Eva Beispiel · Amtsgericht Coburg, HRB 1234 Steuernummer 214/123/45678',
    );
  });
});
