import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clock } from '@housnkuh/shared/clock';
import { inStoreEan } from '@housnkuh/shared/ean';
import { ISSUER_MESSAGES } from '@housnkuh/shared/issuer-name';
import { BILLING_MESSAGES } from '@housnkuh/shared/schemas/billing';
import { DOCUMENT_MESSAGES } from '@housnkuh/shared/schemas/documents';
import { PAYMENT_RUN_MESSAGES } from '@housnkuh/shared/schemas/payment-runs';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import type { Settlement } from '@housnkuh/shared/settlement';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { embeddedFile } from '../src/modules/documents/pdf-files';
import { documents } from '../src/modules/documents/schema';
import { outbox } from '../src/modules/mail/schema';
import { settledSalesLines, settlementItems } from '../src/modules/settlement/schema';
import { vendors } from '../src/modules/vendors/schema';
import { appWithAdmin, dayByDay, enterBillingData, tempDir } from './helpers';
import { validateCii } from './e-invoice-xsd';
import { product, SALES_CSV_HEADER, uploadSalesCsv } from './sales-fixtures';

// The monthly settlement through its API (issue 26, docs/decisions/0033), with
// docs/product/money.md's
// binding example: opening 01.07.2026; Basismodell (4 %), one block-b at 15,00 € for 3 months,
// start 01.08.2026, so the free month is 01.08.–30.08.2026. The clock moves from month to month.

const at = dayByDay('2026-07-20');

const { t, admin, call } = appWithAdmin();
let vendorId = '';
let contractId = '';
const XSD = path.join(import.meta.dirname, 'fixtures', 'pain.001.001.09.xsd');
const HONEY = inStoreEan(2601);
const CHEESE = inStoreEan(2602);

const importCsv = (token: string, lines: string[]) =>
  uploadSalesCsv(t.app, token, [SALES_CSV_HEADER, ...lines].join('\r\n'));

const itemOf = (body: { items: { vendorId: string }[] }) =>
  body.items.find((item) => item.vendorId === vendorId) as unknown as Record<string, unknown> & {
    manualLines: { id: string }[];
  };

describe('the monthly settlement', () => {
  it('is refused while the shop has no opening date', async () => {
    at('2026-07-20');
    const token = await admin();
    const refused = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-06' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: SETTLEMENT_MESSAGES.noOpeningDate });
  });

  it('answers a malformed month with 400 and a German message, an unknown one with 404', async () => {
    const token = await admin();
    const bad = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'month', message: SETTLEMENT_MESSAGES.month }]);
    const badQuery = await call(token, 'GET', '/api/admin/abrechnungen?month=Oktober');
    expect(badQuery.statusCode).toBe(400);
    const unknown = await call(token, 'GET', '/api/admin/abrechnungen?month=2026-05');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SETTLEMENT_MESSAGES.notFound);
    for (const url of [
      '/api/admin/abrechnungen/%20/finalize',
      '/api/admin/abrechnungen/2026-5/recompute',
    ])
      expect((await call(token, 'POST', url)).statusCode, url).toBe(404);
  });

  it('the binding example, August 2026: rent for 31.08. only, −0,48 €, owed once the producer is no longer blocked', async () => {
    at('2026-07-20');
    let token = await admin();
    await t.app.settings.update({ openingDate: '2026-07-01' });
    // the producer registers, books Basismodell with one block-b for 3 months, approved to start 01.08.
    const email = 'abrechnung@beispiel.de';
    const registered = await call(null, 'POST', '/api/vendor-auth/register', {
      ...registrationBody(email),
      packageData: {
        selectedProvisionType: 'basic',
        packageCounts: { 'block-b': 1 },
        rentalDuration: 3,
        zusatzleistungen: { lagerservice: false, versandservice: false },
        packageOptions: [{ id: 'block-b', name: 'Verkaufsblock Lage B', price: 15 }],
        totalCost: { monthly: 15, oneTime: 0, provision: 4 },
        discount: 0,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    vendorId = registered.json().userId;
    await t.database.db
      .update(vendors)
      .set({ emailConfirmedAt: clock.now() })
      .where(eq(vendors.id, vendorId));
    const pending = (await call(token, 'GET', '/api/admin/pending-bookings')).json().bookings;
    const booking = pending.find((b: { vendor: { id: string } }) => b.vendor.id === vendorId);
    const units = (await call(token, 'GET', '/api/admin/mietfaecher')).json().mietfaecher as {
      id: string;
      optionId: string;
      state: string;
    }[];
    const unit = units.find((u) => u.optionId === 'block-b' && u.state === 'free')!;
    const approved = await call(
      token,
      'POST',
      `/api/admin/pending-bookings/${booking.id}/approve`,
      {
        mietfachIds: [unit.id],
        startDate: '2026-08-01',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    contractId = approved.json().contract.id;
    expect(approved.json().contract.monthlyPriceCents).toBe(1500);
    await product(t.database.db, vendorId, {
      name: 'Blütenhonig',
      ean: HONEY,
      priceCents: 450,
      vatRateBp: 700,
    });
    await product(t.database.db, vendorId, {
      name: 'Bergkäse',
      ean: CHEESE,
      priceCents: 1200,
      vatRateBp: 1900,
    });

    // a month not over cannot be settled yet
    const early = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-07' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SETTLEMENT_MESSAGES.monthNotOver);

    at('2026-09-02');
    token = await admin();
    const august = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-08' });
    expect(august.statusCode, august.body).toBe(200);
    expect(august.json()).toMatchObject({ success: true, month: '2026-08', status: 'draft' });
    expect(itemOf(august.json())).toEqual({
      vendorId,
      vendorName: 'Hof Huber',
      status: 'draft',
      salesGrossCents: 0,
      commissionNetCents: 0,
      commissionVatCents: 0,
      commissionGrossCents: 0,
      rentGrossCents: 48,
      manualCents: 0,
      openItemsCents: 0,
      payoutCents: -48,
      payoutPaidAt: null,
      // registered with an address, but no tax status and no bank account yet
      blockers: [SETTLEMENT_MESSAGES.noTaxStatus, SETTLEMENT_MESSAGES.noBank],
      manualLines: [],
      // no inventory count: no theft refund line (docs/decisions/0068)
      inventoryRefunds: [],
    });

    // finalizing is refused, naming what is missing, while the shop's billing data lacks it
    const noBilling = await call(token, 'POST', '/api/admin/abrechnungen/2026-08/finalize');
    expect(noBilling.statusCode).toBe(409);
    expect(noBilling.json()).toEqual({
      success: false,
      message: SETTLEMENT_MESSAGES.billingMissing([
        BILLING_MESSAGES.missingTaxId,
        BILLING_MESSAGES.missingIban,
        ISSUER_MESSAGES.ownerMissing,
        DOCUMENT_MESSAGES.phonePlaceholder,
      ]),
      errors: [
        BILLING_MESSAGES.missingTaxId,
        BILLING_MESSAGES.missingIban,
        ISSUER_MESSAGES.ownerMissing,
        DOCUMENT_MESSAGES.phonePlaceholder,
      ],
    });
    expect(noBilling.json().message).toBe(
      'Abschließen geht erst, wenn die Abrechnungsdaten vollständig sind: Steuernummer oder USt-IdNr. der Ladenbetreiberin fehlt; IBAN der Ladenbetreiberin fehlt; Name der Inhaberin oder des Inhabers (bei einer Gesellschaft: der Geschäftsführung) fehlt (Einstellungen → Impressum); Telefonnummer des Ladens fehlt: dort steht noch der Platzhalter, die E-Rechnung (XRechnung) braucht die echte (Einstellungen → Laden und Kontakt).',
    );
    await enterBillingData(t.app, token, { kontoinhaber: 'housnkuh Eva Muster' });
    // the documents name the owner (§ 14 Abs. 4 Nr. 1 UStG): still missing, still refused
    const noOwner = await call(token, 'POST', '/api/admin/abrechnungen/2026-08/finalize');
    expect(noOwner.statusCode).toBe(409);
    expect(noOwner.json().errors).toEqual([
      ISSUER_MESSAGES.ownerMissing,
      DOCUMENT_MESSAGES.phonePlaceholder,
    ]);
    const current = await t.app.settings.get();
    await t.app.settings.update({ legal: { ...current.legal, ownerName: 'Eva Muster' } });
    // the e-invoice (XRechnung) names the seller's phone: the placeholder still refuses
    const noPhone = await call(token, 'POST', '/api/admin/abrechnungen/2026-08/finalize');
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json().errors).toEqual([DOCUMENT_MESSAGES.phonePlaceholder]);
    await t.app.settings.update({ phone: '09261 123456' });

    // finalizing settles nobody while the producer is blocked; the month is final
    const blocked = await call(token, 'POST', '/api/admin/abrechnungen/2026-08/finalize');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({
      success: true,
      documents: [],
      blocked: [
        { vendorId, blockers: [SETTLEMENT_MESSAGES.noTaxStatus, SETTLEMENT_MESSAGES.noBank] },
      ],
    });
    const stillDraft = await call(token, 'GET', '/api/admin/abrechnungen?month=2026-08');
    expect(stillDraft.json().status).toBe('final');
    expect(itemOf(stillDraft.json()).status).toBe('draft');

    // fixed, the producer is settled by the next call: −0,48 € owed, due after 14 days
    await t.database.db
      .update(vendors)
      .set({
        taxStatus: 'regelbesteuert',
        iban: 'DE02120300000000202051',
        kontoinhaber: 'Anna Huber',
      })
      .where(eq(vendors.id, vendorId));
    const settled = await call(token, 'POST', '/api/admin/abrechnungen/2026-08/finalize');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toEqual({
      success: true,
      documents: [
        { id: expect.any(String), type: 'rechnung', number: 'RE-2026-00001', vendorId },
        { id: expect.any(String), type: 'verkaufsabrechnung', number: 'VA-2026-00001', vendorId },
      ],
      blocked: [],
    });
    // the documents hold the figures and the parties as issued
    const [invoice] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.number, 'RE-2026-00001'));
    expect(invoice).toMatchObject({
      month: '2026-08',
      issuedOn: '2026-09-02',
      totalGrossCents: 48,
    });
    expect((invoice!.content as Settlement).invoice.lines).toEqual([
      expect.objectContaining({
        text: 'Miete Mietfach B1 (V-2026-0001), 31.08.–31.08.2026, 1 von 31 Tagen',
        grossCents: 48,
      }),
    ]);
    expect(invoice!.parties).toMatchObject({
      shop: {
        name: 'housnkuh – Inh. Eva Muster',
        steuernummer: '218/123/45678',
        iban: 'DE89370400440532013000',
        zahlungszielTage: 14,
      },
      producer: { name: 'Anna Huber', iban: 'DE02120300000000202051', taxStatus: 'regelbesteuert' },
    });
    const after = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-08')).json();
    expect(itemOf(after)).toMatchObject({ status: 'final', payoutCents: -48, blockers: [] });
    const open = (await call(token, 'GET', '/api/admin/open-items')).json();
    expect(open.openItems).toEqual([
      expect.objectContaining({
        vendorId,
        vendorName: 'Hof Huber',
        month: '2026-08',
        amountCents: 48,
        dueOn: '2026-09-16',
        documentNumber: 'VA-2026-00001',
        paidAt: null,
        offsetInMonth: null,
      }),
    ]);
  });

  it('months in order: October first is refused naming September; September offsets August; October 9,29 € once both are paid', async () => {
    at('2026-11-03');
    const token = await admin();
    const imported = await importCsv(token, [
      `K-1;1;05.10.2026 09:15;${HONEY};Blütenhonig;3;4,50;7`,
      `K-2;1;12.10.2026 16:40;${CHEESE};Bergkäse;1;12,00;19`,
      // November's line: not October's
      `K-3;1;02.11.2026 10:00;${HONEY};Blütenhonig;1;4,50;7`,
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 3, unassigned: 0, errors: [] });

    // September has rent to settle: October first is refused, naming it (drafting and finalizing)
    const first = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-10' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({
      success: false,
      message: 'Bitte zuerst September 2026 abrechnen',
    });
    expect(first.json().message).toBe(SETTLEMENT_MESSAGES.settleFirst('September 2026'));
    // July (the opening month) had nothing to settle: it counts as settled by itself
    const july = await call(token, 'GET', '/api/admin/abrechnungen?month=2026-07');
    expect(july.statusCode, july.body).toBe(200);
    expect(july.json()).toEqual({ success: true, month: '2026-07', status: 'nothing', items: [] });

    const september = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-09' });
    expect(september.statusCode, september.body).toBe(200);
    expect(itemOf(september.json())).toMatchObject({
      rentGrossCents: 1500,
      openItemsCents: 48,
      payoutCents: -1548,
      blockers: [],
    });
    const septemberFinal = await call(token, 'POST', '/api/admin/abrechnungen/2026-09/finalize');
    expect(septemberFinal.statusCode, septemberFinal.body).toBe(200);
    expect(
      septemberFinal.json().documents.map((document: { number: string }) => document.number),
    ).toEqual(['RE-2026-00002', 'VA-2026-00002']);
    // the producer pays what it owes for August and September (September offset August)
    const owed = (await call(token, 'GET', '/api/admin/open-items')).json().openItems;
    expect(owed).toEqual([
      expect.objectContaining({ month: '2026-09', amountCents: 1548, offsetInMonth: null }),
    ]);
    expect((await call(token, 'POST', `/api/admin/open-items/${owed[0].id}/paid`)).statusCode).toBe(
      200,
    );

    const october = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-10' });
    expect(october.statusCode, october.body).toBe(200);
    expect(itemOf(october.json())).toMatchObject({
      status: 'draft',
      salesGrossCents: 2550,
      commissionNetCents: 102,
      commissionVatCents: 19,
      commissionGrossCents: 121,
      rentGrossCents: 1500,
      manualCents: 0,
      openItemsCents: 0,
      payoutCents: 929,
      blockers: [],
    });
    // the same figures again from GET, in the issue's shape
    const listed = await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10');
    expect(listed.statusCode).toBe(200);
    expect(itemOf(listed.json()).payoutCents).toBe(929);
  });

  it('manual lines: a refund (no VAT) raises the payout, a charge at 19 % or 7 % lowers it; any other rate or a missing kind gets a German 400', async () => {
    const token = await admin();
    const added = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId,
      kind: 'refund',
      text: 'Erstattung fehlende Ware (AGB § 8)',
      grossCents: 500,
    });
    expect(added.statusCode, added.body).toBe(200);
    const charge = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId,
      kind: 'charge',
      text: 'Reinigung Kühlfach',
      grossCents: 119,
      vatRateBp: 1900,
    });
    expect(charge.statusCode, charge.body).toBe(200);
    const withLines = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(itemOf(withLines)).toMatchObject({
      manualCents: 500 - 119,
      payoutCents: 929 + 500 - 119,
    });
    expect(itemOf(withLines).manualLines).toEqual([
      {
        id: added.json().manualLine.id,
        kind: 'refund',
        text: 'Erstattung fehlende Ware (AGB § 8)',
        grossCents: 500,
        vatRateBp: null,
      },
      {
        id: charge.json().manualLine.id,
        kind: 'charge',
        text: 'Reinigung Kühlfach',
        grossCents: 119,
        vatRateBp: 1900,
      },
    ]);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ grossCents: 0 }, 'grossCents', SETTLEMENT_MESSAGES.grossCents],
      [{ text: '  ' }, 'text', SETTLEMENT_MESSAGES.manualText],
      [{ kind: undefined }, 'kind', SETTLEMENT_MESSAGES.manualKind],
      [{ kind: 'gutschrift' }, 'kind', SETTLEMENT_MESSAGES.manualKind],
      [{ vatRateBp: 780 }, 'vatRateBp', SETTLEMENT_MESSAGES.vatRate],
      [{ vatRateBp: 0 }, 'vatRateBp', SETTLEMENT_MESSAGES.vatRate],
      [{ vatRateBp: 1600 }, 'vatRateBp', SETTLEMENT_MESSAGES.vatRate],
      [{ vatRateBp: undefined }, 'vatRateBp', SETTLEMENT_MESSAGES.vatRate],
      [{ kind: 'refund' }, 'vatRateBp', SETTLEMENT_MESSAGES.refundRate],
      [
        { kind: 'refund', vatRateBp: undefined, grossCents: -100 },
        'grossCents',
        SETTLEMENT_MESSAGES.refundPositive,
      ],
    ];
    for (const [body, field, message] of cases) {
      const bad = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
        vendorId,
        kind: 'charge',
        text: 'Reinigung',
        grossCents: 100,
        vatRateBp: 700,
        ...body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors, JSON.stringify(body)).toEqual([{ field, message }]);
    }
    const otherVendor = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId: '00000000-0000-0000-0000-000000000000',
      kind: 'charge',
      text: 'Reinigung',
      grossCents: 100,
      vatRateBp: 700,
    });
    expect(otherVendor.statusCode).toBe(400);
    expect(otherVendor.json().message).toBe(SETTLEMENT_MESSAGES.noDraft);

    for (const line of [added, charge]) {
      const removed = await call(
        token,
        'DELETE',
        `/api/admin/abrechnungen/2026-10/manual-lines/${line.json().manualLine.id}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const back = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(itemOf(back)).toMatchObject({ manualCents: 0, payoutCents: 929, manualLines: [] });
  });

  it('finalizes October once: payout written, sales lines recorded; a second call changes nothing', async () => {
    const token = await admin();
    const first = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      documents: [
        { id: expect.any(String), type: 'rechnung', number: 'RE-2026-00003', vendorId },
        { id: expect.any(String), type: 'verkaufsabrechnung', number: 'VA-2026-00003', vendorId },
      ],
      blocked: [],
    });
    const second = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const final = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(final.status).toBe('final');
    expect(itemOf(final)).toMatchObject({ status: 'final', payoutCents: 929 });
    const settled = await t.database.db
      .select()
      .from(settledSalesLines)
      .where(eq(settledSalesLines.month, '2026-10'));
    expect(settled).toHaveLength(2);

    // August's open item was offset by September, September's paid
    expect((await call(token, 'GET', '/api/admin/open-items')).json().openItems).toEqual([]);
    const all = (await call(token, 'GET', '/api/admin/open-items?state=all')).json().openItems;
    expect(all).toEqual([
      expect.objectContaining({ month: '2026-08', offsetInMonth: '2026-09', paidAt: null }),
      expect.objectContaining({
        month: '2026-09',
        offsetInMonth: null,
        paidAt: expect.any(String),
      }),
    ]);
    const offsetPaid = await call(token, 'POST', `/api/admin/open-items/${all[0].id}/paid`);
    expect(offsetPaid.statusCode).toBe(409);
    expect(offsetPaid.json().message).toBe(SETTLEMENT_MESSAGES.openItemOffset);

    // a final month's drafts are no longer changed by hand
    const late = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId,
      text: 'Nachtrag',
      kind: 'charge',
      grossCents: 100,
      vatRateBp: 700,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SETTLEMENT_MESSAGES.itemFinal);

    // the SEPA file: the payout to the producer's IBAN, the statement's number as reference;
    // valid against the pain.001.001.09 schema
    const sepa = await call(token, 'GET', '/api/admin/abrechnungen/2026-10/sepa.xml');
    expect(sepa.statusCode, sepa.body).toBe(200);
    expect(sepa.headers['content-type']).toContain('application/xml');
    expect(sepa.body).toContain('<IBAN>DE02120300000000202051</IBAN>');
    expect(sepa.body).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(sepa.body).toMatch(/<InstdAmt Ccy="EUR">9\.29<\/InstdAmt>/);
    expect(sepa.body).toContain('<EndToEndId>VA-2026-00003</EndToEndId>');
    expect(sepa.body).toContain('<Ustrd>Auszahlung Oktober 2026 VA-2026-00003</Ustrd>');
    const file = path.join(tempDir('sepa-'), 'pain.001.xml');
    fs.writeFileSync(file, sepa.body);
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    // August had no payout (owed), so its file is refused with a German message
    const none = await call(token, 'GET', '/api/admin/abrechnungen/2026-08/sepa.xml');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PAYMENT_RUN_MESSAGES.noOpenPayouts);

    // the invoice is an e-invoice (docs/decisions/0075-e-invoices.md): its PDF carries the CII
    // XML as factur-x.xml (as pdfdetach lists it), xrechnung.xml answers the same bytes, and the
    // binding figures are in it as docs/product/money.md has them: 13,63 € + 2,58 € = 16,21 €
    const invoiceId = first.json().documents[0].id as string;
    const invoicePdf = await call(token, 'GET', `/api/admin/documents/${invoiceId}/pdf`);
    const pdfFile = path.join(tempDir('einvoice-'), 'RE-2026-00003.pdf');
    fs.writeFileSync(pdfFile, invoicePdf.rawPayload);
    expect(execFileSync('pdfdetach', ['-list', pdfFile], { encoding: 'utf8' })).toMatch(
      /1: factur-x\.xml/,
    );
    const einvoice = await call(token, 'GET', `/api/admin/documents/${invoiceId}/xrechnung.xml`);
    expect(einvoice.statusCode, einvoice.body).toBe(200);
    expect(einvoice.headers['content-type']).toMatch(/^application\/xml/);
    expect(embeddedFile(invoicePdf.rawPayload, 'factur-x.xml')?.toString('utf8')).toBe(
      einvoice.body,
    );
    validateCii(einvoice.body);
    // the files as issued, for a check by hand with the official Schematron (decision 0075)
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'finalize-RE.xml'), einvoice.body);
    expect(einvoice.body).toContain(
      '<ram:TaxBasisTotalAmount>13.63</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">2.58</ram:TaxTotalAmount><ram:GrandTotalAmount>16.21</ram:GrandTotalAmount>',
    );
    expect(einvoice.body).toContain('<ram:CompleteNumber>09261 123456</ram:CompleteNumber>');
    expect(einvoice.body).toContain('<ram:PersonName>Eva Muster</ram:PersonName>');
    const statementId = first.json().documents[1].id as string;
    expect(
      (await call(token, 'GET', `/api/admin/documents/${statementId}/xrechnung.xml`)).statusCode,
    ).toBe(404);

    // a correction: cancelling the invoice cancels the pair and reopens the producer's month
    const noReason = await call(token, 'POST', `/api/admin/documents/${invoiceId}/cancel`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      { field: 'reason', message: DOCUMENT_MESSAGES.reason },
    ]);
    const cancelled = await call(token, 'POST', `/api/admin/documents/${invoiceId}/cancel`, {
      reason: 'Falscher Mietpreis',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      success: true,
      storno: { id: expect.any(String), number: 'ST-2026-00001', refersToId: invoiceId },
      // the pair: the invoice's storno first, then the statement's
      stornos: [
        { id: expect.any(String), number: 'ST-2026-00001', refersToId: invoiceId },
        { id: expect.any(String), number: 'ST-2026-00002', refersToId: expect.any(String) },
      ],
    });
    const stornos = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.type, 'storno'));
    expect(stornos.map((row) => [row.number, row.totalGrossCents]).sort()).toEqual([
      ['ST-2026-00001', -1621],
      ['ST-2026-00002', -929],
    ]);
    // the invoice's storno is an e-invoice too: a corrected invoice (384) naming RE-2026-00003;
    // the statement's storno is no invoice and has none
    const byNumber = new Map(stornos.map((row) => [row.number, row.id]));
    const stornoXml = await call(
      token,
      'GET',
      `/api/admin/documents/${byNumber.get('ST-2026-00001')}/xrechnung.xml`,
    );
    expect(stornoXml.statusCode, stornoXml.body).toBe(200);
    validateCii(stornoXml.body);
    if (process.env.EINVOICE_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.EINVOICE_DUMP_DIR, 'finalize-ST.xml'), stornoXml.body);
    expect(stornoXml.body).toContain('<ram:TypeCode>384</ram:TypeCode>');
    expect(stornoXml.body).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2026-00003</ram:IssuerAssignedID>',
    );
    expect(stornoXml.body).toContain('<ram:GrandTotalAmount>-16.21</ram:GrandTotalAmount>');
    expect(
      (
        await call(
          token,
          'GET',
          `/api/admin/documents/${byNumber.get('ST-2026-00002')}/xrechnung.xml`,
        )
      ).statusCode,
    ).toBe(404);
    // the producer gets both stornos in one mail, attached by reference
    const stornoMails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'documents-cancelled'));
    expect(stornoMails).toHaveLength(1);
    expect(stornoMails[0]!.subject).toBe(
      'Storno: Rechnung RE-2026-00003 (Storno ST-2026-00001) und Verkaufsabrechnung VA-2026-00003 (Storno ST-2026-00002)',
    );
    expect(stornoMails[0]!.textBody).toContain('Grund: Falscher Mietpreis');
    expect(
      (stornoMails[0]!.attachments as { id: string }[]).map((attachment) => attachment.id).sort(),
    ).toEqual(stornos.map((row) => row.id).sort());
    const reopened = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(reopened.status).toBe('final');
    expect(itemOf(reopened)).toMatchObject({ status: 'draft', payoutCents: 929 });
    expect(
      await t.database.db
        .select()
        .from(settledSalesLines)
        .where(eq(settledSalesLines.month, '2026-10')),
    ).toEqual([]);
    // August's open item stays offset to October: the redraft deducts it again
    expect((await call(token, 'GET', '/api/admin/open-items')).json().openItems).toEqual([]);
    const again404 = await call(
      token,
      'POST',
      `/api/admin/documents/${cancelled.json().storno.id}/cancel`,
      { reason: 'Storno des Stornos' },
    );
    expect(again404.statusCode).toBe(409);
    expect(again404.json().message).toBe(DOCUMENT_MESSAGES.cancelOfStorno);
    const twiceCancelled = await call(token, 'POST', `/api/admin/documents/${invoiceId}/cancel`, {
      reason: 'Noch einmal',
    });
    expect(twiceCancelled.statusCode).toBe(409);
    expect(twiceCancelled.json().message).toBe(DOCUMENT_MESSAGES.alreadyCancelled('RE-2026-00003'));
    const unknownDocument = await call(
      token,
      'POST',
      '/api/admin/documents/00000000-0000-0000-0000-000000000000/cancel',
      { reason: 'Gibt es nicht' },
    );
    expect(unknownDocument.statusCode).toBe(404);

    // the corrected settlement: new numbers, the same figures
    const corrected = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(
      corrected.json().documents.map((document: { number: string }) => document.number),
    ).toEqual(['RE-2026-00004', 'VA-2026-00004']);
    expect((await call(token, 'GET', '/api/admin/open-items')).json().openItems).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(settledSalesLines)
        .where(eq(settledSalesLines.month, '2026-10')),
    ).toHaveLength(2);

    // payouts: marked paid once
    const paid = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/payouts/paid', {});
    expect(paid.json()).toEqual({ success: true, paid: 1 });
    const again = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/payouts/paid', {
      vendorIds: [vendorId],
    });
    expect(again.json()).toEqual({ success: true, paid: 0 });
    // the list says when
    const paidList = (await call(token, 'GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(itemOf(paidList).payoutPaidAt).toEqual(expect.stringMatching(/^2026-11-/));
    // (a correction after the transfer pays only the difference: payment-runs.test.ts)
  });

  it('refuses a contract change reaching into a settled month', async () => {
    const token = await admin();
    const changed = await call(token, 'POST', `/api/admin/vertraege/${contractId}/change`, {
      validFrom: '2026-10-15',
      provisionType: 'premium',
      reason: 'Wechsel ins Premium-Modell',
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().message).toBe(SETTLEMENT_MESSAGES.settledMonth('Oktober 2026'));
  });

  it('a late line of a settled month goes into the next settlement; the settled one stays as it was', async () => {
    let token = await admin();
    const imported = await importCsv(token, [
      `K-9;1;30.10.2026 18:00;${HONEY};Blütenhonig;2;4,50;7`,
    ]);
    expect(imported.json()).toMatchObject({ imported: 1, errors: [] });
    const recomputed = await call(token, 'POST', '/api/admin/abrechnungen/2026-10/recompute');
    expect(recomputed.statusCode).toBe(200);
    expect(itemOf(recomputed.json())).toMatchObject({
      status: 'final',
      salesGrossCents: 2550,
      payoutCents: 929,
    });

    at('2026-12-02');
    token = await admin();
    const november = await call(token, 'POST', '/api/admin/abrechnungen', { month: '2026-11' });
    expect(november.statusCode, november.body).toBe(200);
    // 02.11. 4,50 € and the late 30.10. 9,00 €: 13,50 € × 4 % = 0,54 € + 0,10 € VAT; rent 15,00 €
    expect(itemOf(november.json())).toMatchObject({
      salesGrossCents: 1350,
      commissionNetCents: 54,
      commissionVatCents: 10,
      rentGrossCents: 1500,
      openItemsCents: 0,
      payoutCents: 1350 - 64 - 1500,
    });
    // the late line is a Nachtrag with its own sale day
    const [november_] = await t.database.db
      .select()
      .from(settlementItems)
      .where(eq(settlementItems.month, '2026-11'));
    const lines = (november_!.figures as Settlement).sales.lines;
    expect(lines.map((line) => [line.soldOn, Boolean(line.late)])).toEqual([
      ['2026-10-30', true],
      ['2026-11-02', false],
    ]);
    expect((november_!.figures as Settlement).sales.lateGrossCents).toBe(900);

    // two finalizations at once: one settles, the other answers the same; one open item
    const [one, two] = await Promise.all([
      call(token, 'POST', '/api/admin/abrechnungen/2026-11/finalize'),
      call(token, 'POST', '/api/admin/abrechnungen/2026-11/finalize'),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.json()).toEqual(one.json());
    const open = (await call(token, 'GET', '/api/admin/open-items')).json().openItems;
    expect(open).toEqual([
      expect.objectContaining({ month: '2026-11', amountCents: 214, dueOn: '2026-12-16' }),
    ]);
    const paid = await call(token, 'POST', `/api/admin/open-items/${open[0].id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call(token, 'GET', '/api/admin/open-items')).json().openItems).toEqual([]);
    const twice = await call(token, 'POST', `/api/admin/open-items/${open[0].id}/paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SETTLEMENT_MESSAGES.openItemPaid);
  });

  it('a demo producer with a final settlement keeps the demo data', async () => {
    const token = await admin();
    await t.database.db
      .update(vendors)
      .set({ registrationKind: 'demo' })
      .where(eq(vendors.id, vendorId));
    try {
      const summary = (await call(token, 'GET', '/api/admin/demo-data')).json().demoData;
      expect(summary.blockers).toContain(SETTLEMENT_MESSAGES.demoBlocked(1));
    } finally {
      await t.database.db
        .update(vendors)
        .set({ registrationKind: 'registration' })
        .where(eq(vendors.id, vendorId));
    }
  });

  it('the revenue per month, from the settlements', async () => {
    const token = await admin();
    const revenue = await call(token, 'GET', '/api/admin/revenue?from=2026-08&to=2026-11');
    expect(revenue.statusCode, revenue.body).toBe(200);
    const zero = {
      salesGrossCents: 0,
      commissionNetCents: 0,
      commissionGrossCents: 0,
      rentGrossCents: 0,
      servicesGrossCents: 0,
      invoicedNetCents: 0,
      payoutsCents: 0,
      openItemsCents: 0,
    };
    const months = revenue.json().months as { month: string; occupancy: unknown[]; vat: unknown }[];
    // the occupancy per unit type on each month's last day: the shop floor's types, each counted
    for (const month of months) {
      expect(month.occupancy.length, month.month).toBeGreaterThan(0);
      for (const type of month.occupancy as { occupied: number; total: number }[])
        expect(type.occupied).toBeLessThanOrEqual(type.total);
    }
    // the VAT per rate: revenue-books.test.ts
    expect(months.map(({ occupancy: _, vat: _vat, ...rest }) => rest)).toEqual([
      {
        ...zero,
        month: '2026-08',
        status: 'final',
        producers: 1,
        rentGrossCents: 48,
        invoicedNetCents: 40,
        openItemsCents: 48,
      },
      {
        ...zero,
        month: '2026-09',
        status: 'final',
        producers: 1,
        rentGrossCents: 1500,
        invoicedNetCents: 1261,
        openItemsCents: 1548,
      },
      {
        month: '2026-10',
        status: 'final',
        producers: 1,
        salesGrossCents: 2550,
        commissionNetCents: 102,
        commissionGrossCents: 121,
        rentGrossCents: 1500,
        servicesGrossCents: 0,
        invoicedNetCents: 1261 + 102,
        payoutsCents: 929,
        openItemsCents: 0,
      },
      {
        month: '2026-11',
        status: 'final',
        producers: 1,
        salesGrossCents: 1350,
        commissionNetCents: 54,
        commissionGrossCents: 64,
        rentGrossCents: 1500,
        servicesGrossCents: 0,
        invoicedNetCents: 1261 + 54,
        payoutsCents: 0,
        openItemsCents: 214,
      },
    ]);
    const csv = await call(token, 'GET', '/api/admin/revenue.csv?from=2026-08&to=2026-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toMatch(
      /^monat;status;direktvermarkter;verkaeufe_brutto;miete_und_zusatzleistungen_brutto;davon_zusatzleistungen_brutto;/,
    );
    expect(rows[3]).toMatch(/^2026-10;abgeschlossen;1;25,50;15,00;0,00;1,02;1,21;13,63;9,29;0,00;/);
    expect(rows[2]).toMatch(/^2026-09;abgeschlossen;1;0,00;15,00;/);
    const backwards = await call(token, 'GET', '/api/admin/revenue?from=2026-11&to=2026-08');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { field: 'to', message: SETTLEMENT_MESSAGES.revenueOrder },
    ]);
  });

  it('admin only: no session 401, a producer’s session refused (401, as every admin route: admin.test.ts)', async () => {
    const vendorLogin = await call(null, 'POST', '/api/vendor-auth/login', {
      email: 'abrechnung@beispiel.de',
      password: TEST_PASSWORD,
    });
    expect(vendorLogin.statusCode, vendorLogin.body).toBe(200);
    const producer = vendorLogin.json().token as string;
    // the producer sees its invoices, statements and cancellations, and downloads the PDFs
    const own = await call(producer, 'GET', '/api/vendor-auth/documents');
    expect(own.statusCode, own.body).toBe(200);
    const mine = own.json().documents as {
      number: string;
      type: string;
      totalGrossCents: number;
      pdfUrl: string;
    }[];
    expect(mine.map((document) => document.number).sort()).toEqual([
      'RE-2026-00001',
      'RE-2026-00002',
      'RE-2026-00003',
      'RE-2026-00004',
      'RE-2026-00005',
      'ST-2026-00001',
      'ST-2026-00002',
      'VA-2026-00001',
      'VA-2026-00002',
      'VA-2026-00003',
      'VA-2026-00004',
      'VA-2026-00005',
    ]);
    const statement = mine.find((document) => document.number === 'VA-2026-00004')!;
    expect(statement).toMatchObject({ type: 'verkaufsabrechnung', totalGrossCents: 929 });
    const pdf = await call(producer, 'GET', statement.pdfUrl);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    for (const [method, url] of [
      ['GET', '/api/admin/abrechnungen?month=2026-10'],
      ['POST', '/api/admin/abrechnungen'],
      ['POST', '/api/admin/abrechnungen/2026-10/finalize'],
      ['POST', '/api/admin/abrechnungen/2026-10/recompute'],
      ['POST', '/api/admin/abrechnungen/2026-10/manual-lines'],
      ['POST', '/api/admin/abrechnungen/2026-10/payouts/paid'],
      ['GET', '/api/admin/open-items'],
      ['GET', '/api/admin/revenue?from=2026-08&to=2026-11'],
      ['GET', '/api/admin/revenue.csv?from=2026-08&to=2026-11'],
      ['GET', '/api/admin/abrechnungen/2026-10/sepa.xml'],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode,
        url,
      ).toBe(401);
      expect(
        (await call(producer, method, url, method === 'POST' ? {} : undefined)).statusCode,
        url,
      ).toBe(401);
    }
  });
});
