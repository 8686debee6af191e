// The shop's documents (issue 26, docs/decisions/0034): invoices (RE-), sales statements (VA-)
// and cancellations (ST-), the parties as issued, and the API's shapes.
import { requiredLine, successResponse } from './common';
import { z } from './zod';

export const DOCUMENT_TYPES = ['rechnung', 'verkaufsabrechnung', 'storno'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A document as issued, the way a final settlement lists it (settlement_items.documents). */
export interface IssuedDocument {
  id: string;
  type: DocumentType;
  number: string;
  vendorId: string;
}

/** The number's prefix of each type: RE-2026-00001. */
export const DOCUMENT_SERIES: Record<DocumentType, 'RE' | 'VA' | 'ST'> = {
  rechnung: 'RE',
  verkaufsabrechnung: 'VA',
  storno: 'ST',
};

/** 'RE-2026-00001' */
export function documentNumber(type: DocumentType, year: number, n: number): string {
  return `${DOCUMENT_SERIES[type]}-${year}-${String(n).padStart(5, '0')}`;
}

export const DOCUMENT_MESSAGES = {
  cancelOfStorno: 'Eine Stornorechnung kann nicht storniert werden',
  alreadyCancelled: (number: string) => `Der Beleg ${number} ist bereits storniert`,
  reason: 'Bitte gib einen Grund für das Storno an',
  month: 'Monat im Format JJJJ-MM',
  /** The e-invoice (XRechnung) names the seller's phone: the placeholder blocks finalizing. */
  phonePlaceholder:
    'Telefonnummer des Ladens fehlt: dort steht noch der Platzhalter, die E-Rechnung (XRechnung) braucht die echte (Einstellungen → Laden und Kontakt)',
  demoBlocked: (count: number) =>
    count === 1
      ? 'Für einen Demo-Direktvermarkter sind Rechnungen oder Abrechnungen ausgestellt.'
      : `Für ${count} Demo-Direktvermarkter sind Rechnungen oder Abrechnungen ausgestellt.`,
} as const;

/**
 * The shop as issuer: its name as the tax law knows it (issuer-name.ts: "housnkuh – Inh. Eva
 * Beispiel"), its address (site settings) and billing data (Abrechnung).
 */
export const shopPartySchema = z.object({
  name: z.string(),
  strasse: z.string().nullable(),
  hausnummer: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  steuernummer: z.string().nullable(),
  ustIdNr: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  kontoinhaber: z.string().nullable(),
  /** A company's representatives (managing directors); absent on documents issued before. */
  vertretenDurch: z.string().nullable().optional(),
  /** e.g. 'Amtsgericht Coburg, HRB 1234'; absent on documents issued before. */
  registereintrag: z.string().nullable().optional(),
  /** The payment term in days when issued (an amount owed is due issue day + this). */
  zahlungszielTage: z.number().int().nullable().optional(),
  /**
   * The seller's contact of the e-invoice (XRechnung BG-6: the owner, the shop's phone and
   * e-mail); absent on documents issued before (docs/decisions/0075-e-invoices.md).
   */
  kontakt: z.object({ name: z.string(), telefon: z.string(), email: z.string() }).optional(),
});
export type ShopParty = z.infer<typeof shopPartySchema>;

/** The producer as it was when the document was issued (the payee: IBAN in full). */
export const producerPartySchema = z.object({
  name: z.string(),
  unternehmen: z.string().nullable(),
  email: z.string(),
  strasse: z.string().nullable(),
  hausnummer: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  /** regelbesteuert | kleinunternehmer | pauschaliert (§ 24 UStG) */
  taxStatus: z.string().nullable(),
  steuernummer: z.string().nullable(),
  ustIdNr: z.string().nullable(),
  iban: z.string().nullable(),
  kontoinhaber: z.string().nullable(),
});
export type ProducerParty = z.infer<typeof producerPartySchema>;

export const documentPartiesSchema = z.object({
  shop: shopPartySchema,
  producer: producerPartySchema,
});
export type DocumentParties = z.infer<typeof documentPartiesSchema>;

/** A document in the lists (producer and admin). */
export const documentSummarySchema = z.object({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string(),
  month: z.string(),
  issuedOn: z.string(),
  totalGrossCents: z.number().int(),
  /** The number of the document it refers to (a statement: its invoice; a storno: the original). */
  refersToNumber: z.string().nullable(),
  /** The number of the storno that cancelled it, if any. */
  cancelledBy: z.string().nullable(),
  pdfUrl: z.string(),
  /**
   * An invoice's and an invoice's cancellation's e-invoice (the CII XML, XRechnung;
   * docs/decisions/0075-e-invoices.md); null for a statement and its cancellation. A document
   * issued before e-invoices answers 404 there.
   */
  xmlUrl: z.string().nullable().optional(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** A receipt line of a sales statement, as the producer's page shows it. */
export const statementLineSchema = z.object({
  receiptId: z.string(),
  position: z.number().int(),
  soldAt: z.string(),
  articleText: z.string(),
  quantityThousandths: z.number().int(),
  unitPriceGrossCents: z.number().int(),
  vatRateBp: z.number().int(),
  grossCents: z.number().int(),
  /** The product's selling unit when the statement was issued ('kg'); absent on older ones. */
  unit: z.string().nullable().optional(),
  /** The sale day (Berlin) when it lies before the statement's month: a Nachtrag. */
  soldOn: z.string().optional(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const vendorDocumentSchema = documentSummarySchema.extend({
  /** A sales statement's receipt lines (empty for the other types). */
  lines: z.array(statementLineSchema),
  payoutCents: z.number().int().nullable(),
});
export type VendorDocument = z.infer<typeof vendorDocumentSchema>;

/** GET /api/vendor-auth/documents */
export const vendorDocumentsResponseSchema = successResponse({
  documents: z.array(vendorDocumentSchema),
});
export type VendorDocumentsResponse = z.infer<typeof vendorDocumentsResponseSchema>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: DOCUMENT_MESSAGES.month });

/** GET /api/admin/documents?vendorId=&month= */
export const adminDocumentsQuerySchema = z.object({
  vendorId: z.string().max(100).optional(),
  month: month.optional(),
});
export type AdminDocumentsQuery = z.infer<typeof adminDocumentsQuerySchema>;

export const adminDocumentSchema = documentSummarySchema.extend({
  vendorId: z.string(),
  vendorName: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminDocumentsResponseSchema = successResponse({
  documents: z.array(adminDocumentSchema),
});
export type AdminDocumentsResponse = z.infer<typeof adminDocumentsResponseSchema>;

/** POST /api/admin/documents/:id/cancel (the settlement module's route) */
export const cancelDocumentSchema = z.object({
  reason: requiredLine(DOCUMENT_MESSAGES.reason, 500),
});
export type CancelDocument = z.infer<typeof cancelDocumentSchema>;
