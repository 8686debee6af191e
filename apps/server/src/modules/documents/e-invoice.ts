// The e-invoice (E-Rechnung) of an invoice (RE) and of an invoice's cancellation (ST): the
// UN/CEFACT Cross Industry Invoice (CII, D16B) of EN 16931 in the XRechnung 3.0 CIUS, which is
// ZUGFeRD's / Factur-X's profile XRECHNUNG: the same file is embedded in the PDF/A-3 as
// factur-x.xml and answered alone as xrechnung.xml (docs/decisions/0075-e-invoices.md).
// Pure: the document as stored in, the XML out; the figures are the Settlement's as issued
// (per-line rounding: a category's tax is the sum of its lines' tax, which BR-CO-17 allows within
// one unit of its basis × rate).
import { addDays } from '@housnkuh/shared/format';
import {
  DOCUMENT_MESSAGES,
  type DocumentParties,
  type DocumentType,
} from '@housnkuh/shared/schemas/documents';
import { daysOfMonth, type Settlement } from '@housnkuh/shared/settlement';

/** What the XML (and the PDF) is made of: the stored document and the documents it names. */
export interface DocumentInput {
  type: DocumentType;
  number: string;
  month: string;
  issuedOn: string;
  content: Settlement;
  parties: DocumentParties;
  reason: string | null;
  /** An invoice: its sales statement's number; a statement: its invoice's (null: none). */
  partnerNumber: string | null;
  /** A storno: the cancelled document. */
  original: { type: DocumentType; number: string; issuedOn: string } | null;
}

/** BT-24 of the XRechnung 3.0 CIUS (ZUGFeRD's profile XRECHNUNG). */
export const XRECHNUNG_GUIDELINE =
  'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** The conformance level the PDF's XMP names for that profile (ZUGFeRD 2.3). */
export const FACTUR_X_CONFORMANCE = 'XRECHNUNG';
/** The embedded file's name (Factur-X 1.07, ZUGFeRD 2.3). */
export const FACTUR_X_FILENAME = 'factur-x.xml';

/** Whether a document is an invoice and so carries an e-invoice: an RE and the ST of an RE. */
export function hasEInvoice(
  type: DocumentType,
  original: { type: DocumentType } | null | undefined,
): boolean {
  return type === 'rechnung' || (type === 'storno' && original?.type === 'rechnung');
}

/**
 * What the shop's data lacks for an e-invoice (German; empty: nothing): XRechnung's seller
 * contact (BR-DE-2, BR-DE-5 to 7) needs a name (the owner: issuer-name.ts already blocks without
 * one), a phone and an e-mail (both required site settings); the phone may still be the
 * placeholder of the first start, a number that cannot exist.
 */
export function eInvoiceBlockers(contact: { phone: string; placeholderPhone: string }): string[] {
  const phone = contact.phone.replace(/\s+/g, ' ').trim();
  return !phone || phone === contact.placeholderPhone ? [DOCUMENT_MESSAGES.phonePlaceholder] : [];
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 allows no other control characters (the stored texts have none; to be sure)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** 1363 → '13.63', -5 → '-0.05' */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1900 (basis points) → '19.00' */
function percent(bp: number): string {
  return amount(bp);
}

/** '2026-10-31' → '20261031' (format 102) */
const day102 = (day: string) => day.replace(/-/g, '');

function tag(name: string, content: string | null | undefined, attributes = ''): string {
  if (content === null || content === undefined || content === '') return '';
  return `<${name}${attributes}>${content}</${name}>`;
}
const text = (name: string, value: string | null | undefined, attributes = '') =>
  value === null || value === undefined || value.trim() === ''
    ? ''
    : tag(name, escapeXml(value.trim()), attributes);

function address(party: {
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
}): string {
  const street = [party.strasse, party.hausnummer].filter(Boolean).join(' ');
  return tag(
    'ram:PostalTradeAddress',
    text('ram:PostcodeCode', party.plz) +
      text('ram:LineOne', street) +
      text('ram:CityName', party.ort) +
      '<ram:CountryID>DE</ram:CountryID>',
  );
}

function taxRegistrations(ids: { ustIdNr: string | null; steuernummer: string | null }): string {
  return (
    (ids.ustIdNr?.trim()
      ? `<ram:SpecifiedTaxRegistration>${text('ram:ID', ids.ustIdNr, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : '') +
    (ids.steuernummer?.trim()
      ? `<ram:SpecifiedTaxRegistration>${text('ram:ID', ids.steuernummer, ' schemeID="FC"')}</ram:SpecifiedTaxRegistration>`
      : '')
  );
}

/** The invoice's payment note (BT-20): how the amount is settled. */
function paymentTerms(input: DocumentInput): { note: string; due: string | null; owed: boolean } {
  const payout = input.content.payoutCents;
  if (input.type === 'storno')
    return {
      note: `Storno der Rechnung ${input.original?.number ?? ''}: die Beträge werden mit der nächsten Abrechnung verrechnet.`,
      due: null,
      owed: false,
    };
  if (payout < 0) {
    const days = input.parties.shop.zahlungszielTage;
    const due = typeof days === 'number' ? addDays(input.issuedOn, days) : null;
    const reference = input.partnerNumber ?? input.number;
    return {
      note: `Bitte überweise ${amount(-payout).replace('.', ',')} € mit dem Verwendungszweck ${reference}. Bleibt der Betrag offen, wird er mit der nächsten Abrechnung verrechnet.`,
      due,
      owed: true,
    };
  }
  return {
    note: input.partnerNumber
      ? `Der Rechnungsbetrag wird mit der Auszahlung aus der Verkaufsabrechnung ${input.partnerNumber} verrechnet.`
      : 'Der Rechnungsbetrag wird mit der Auszahlung der Verkaufsabrechnung verrechnet.',
    due: null,
    owed: false,
  };
}

/**
 * The CII XML of an invoice or an invoice's cancellation (throws for a document that is none: a
 * sales statement or its cancellation).
 */
export function renderEInvoiceXml(input: DocumentInput): string {
  if (!hasEInvoice(input.type, input.original))
    throw new Error(`${input.number} ist keine Rechnung und bekommt keine E-Rechnung`);
  const { shop, producer } = input.parties;
  const invoice = input.content.invoice;
  const days = daysOfMonth(input.month);
  const period =
    `<ram:BillingSpecifiedPeriod>` +
    `<ram:StartDateTime><udt:DateTimeString format="102">${day102(days[0]!)}</udt:DateTimeString></ram:StartDateTime>` +
    `<ram:EndDateTime><udt:DateTimeString format="102">${day102(days[days.length - 1]!)}</udt:DateTimeString></ram:EndDateTime>` +
    `</ram:BillingSpecifiedPeriod>`;
  const isStorno = input.type === 'storno';
  const terms = paymentTerms(input);

  const lines = invoice.lines
    .map((line, index) => {
      // EN 16931: an item's net price is never negative (BR-27); a negative line (a credited
      // commission, a cancellation's lines) is the quantity −1 at the positive price
      const quantity = line.netCents < 0 ? '-1' : '1';
      const lineText = line.text.trim() || 'Leistung';
      return (
        `<ram:IncludedSupplyChainTradeLineItem>` +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${text('ram:Name', lineText)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(Math.abs(line.netCents))}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement>` +
        `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${percent(line.vatRateBp)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(line.netCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
        `</ram:SpecifiedLineTradeSettlement>` +
        `</ram:IncludedSupplyChainTradeLineItem>`
      );
    })
    .join('');

  const contact = shop.kontakt;
  const seller =
    `<ram:SellerTradeParty>` +
    // BR-CO-26 asks for the seller's identifier (BT-29), legal registration (BT-30) or VAT id
    // (BT-31); the Steuernummer (BT-32) alone does not count: without a VAT id it is also the
    // seller's identifier
    (shop.ustIdNr?.trim() ? '' : text('ram:ID', shop.steuernummer)) +
    text('ram:Name', shop.name) +
    (contact
      ? `<ram:DefinedTradeContact>` +
        text('ram:PersonName', contact.name) +
        (contact.telefon.trim()
          ? `<ram:TelephoneUniversalCommunication>${text('ram:CompleteNumber', contact.telefon)}</ram:TelephoneUniversalCommunication>`
          : '') +
        (contact.email.trim()
          ? `<ram:EmailURIUniversalCommunication>${text('ram:URIID', contact.email)}</ram:EmailURIUniversalCommunication>`
          : '') +
        `</ram:DefinedTradeContact>`
      : '') +
    address(shop) +
    (contact?.email.trim()
      ? `<ram:URIUniversalCommunication>${text('ram:URIID', contact.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>`
      : '') +
    taxRegistrations(shop) +
    `</ram:SellerTradeParty>`;

  const buyerName = producer.unternehmen?.trim() || producer.name;
  const buyer =
    `<ram:BuyerTradeParty>` +
    text('ram:Name', buyerName) +
    address(producer) +
    `<ram:URIUniversalCommunication>${text('ram:URIID', producer.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>` +
    (producer.ustIdNr?.trim()
      ? `<ram:SpecifiedTaxRegistration>${text('ram:ID', producer.ustIdNr, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : '') +
    `</ram:BuyerTradeParty>`;

  // owed: a SEPA credit transfer to the shop (58, its IBAN); otherwise offset against the payout
  // (97, "Clearing between partners")
  const paymentMeans =
    terms.owed && shop.iban
      ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:Information>SEPA-Überweisung</ram:Information>` +
        `<ram:PayeePartyCreditorFinancialAccount>${text('ram:IBANID', shop.iban.replace(/\s+/g, ''))}${text('ram:AccountName', shop.kontoinhaber)}</ram:PayeePartyCreditorFinancialAccount>` +
        (shop.bic?.trim()
          ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${text('ram:BICID', shop.bic.replace(/\s+/g, ''))}</ram:PayeeSpecifiedCreditorFinancialInstitution>`
          : '') +
        `</ram:SpecifiedTradeSettlementPaymentMeans>`
      : `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>97</ram:TypeCode><ram:Information>Verrechnung mit der Auszahlung</ram:Information></ram:SpecifiedTradeSettlementPaymentMeans>`;

  const taxes = invoice.totals
    .map(
      (total) =>
        `<ram:ApplicableTradeTax>` +
        `<ram:CalculatedAmount>${amount(total.vatCents)}</ram:CalculatedAmount>` +
        `<ram:TypeCode>VAT</ram:TypeCode>` +
        `<ram:BasisAmount>${amount(total.netCents)}</ram:BasisAmount>` +
        `<ram:CategoryCode>S</ram:CategoryCode>` +
        `<ram:RateApplicablePercent>${percent(total.vatRateBp)}</ram:RateApplicablePercent>` +
        `</ram:ApplicableTradeTax>`,
    )
    .join('');

  const lineTotal = invoice.lines.reduce((sum, line) => sum + line.netCents, 0);
  const taxTotal = invoice.totals.reduce((sum, total) => sum + total.vatCents, 0);
  const taxBasis = invoice.totals.reduce((sum, total) => sum + total.netCents, 0);

  const notes = [
    isStorno
      ? `Stornorechnung zur Rechnung ${input.original?.number ?? ''}${input.reason?.trim() ? `. Grund: ${input.reason.trim()}` : ''}`
      : null,
    terms.note,
  ].filter((note): note is string => Boolean(note));

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${XRECHNUNG_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument>` +
    text('ram:ID', input.number) +
    // 380 commercial invoice; 384 corrected invoice (the cancellation, naming the original)
    `<ram:TypeCode>${isStorno ? '384' : '380'}</ram:TypeCode>` +
    `<ram:IssueDateTime><udt:DateTimeString format="102">${day102(input.issuedOn)}</udt:DateTimeString></ram:IssueDateTime>` +
    notes
      .map((note) => `<ram:IncludedNote>${text('ram:Content', note)}</ram:IncludedNote>`)
      .join('') +
    `</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>` +
    lines +
    `<ram:ApplicableHeaderTradeAgreement>` +
    // BT-10 (XRechnung's Leitweg-ID or the buyer's reference): the sales statement the invoice
    // belongs to, else the document's own number
    text('ram:BuyerReference', input.partnerNumber ?? input.original?.number ?? input.number) +
    seller +
    buyer +
    `</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery/>` +
    `<ram:ApplicableHeaderTradeSettlement>` +
    text('ram:PaymentReference', input.partnerNumber ?? input.number) +
    `<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>` +
    paymentMeans +
    taxes +
    period +
    `<ram:SpecifiedTradePaymentTerms>` +
    text('ram:Description', terms.note) +
    (terms.due
      ? `<ram:DueDateDateTime><udt:DateTimeString format="102">${day102(terms.due)}</udt:DateTimeString></ram:DueDateDateTime>`
      : '') +
    `</ram:SpecifiedTradePaymentTerms>` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `<ram:LineTotalAmount>${amount(lineTotal)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(taxBasis)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="EUR">${amount(taxTotal)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${amount(taxBasis + taxTotal)}</ram:GrandTotalAmount>` +
    `<ram:DuePayableAmount>${amount(taxBasis + taxTotal)}</ram:DuePayableAmount>` +
    `</ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    (isStorno && input.original
      ? `<ram:InvoiceReferencedDocument>${text('ram:IssuerAssignedID', input.original.number)}<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${day102(input.original.issuedOn)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
      : '') +
    `</ram:ApplicableHeaderTradeSettlement>` +
    `</rsm:SupplyChainTradeTransaction>` +
    `</rsm:CrossIndustryInvoice>\n`
  );
}
