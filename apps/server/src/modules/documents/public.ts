// What other modules may use of the documents module (docs/decisions/0013, 0034).
export {
  enqueueCancellationMail,
  insertCancellation,
  insertSettlementDocuments,
  type IssuedDocument,
  type SettlementDocumentRequest,
} from './issue.service';
export {
  demoRemovalDocumentsCheck,
  documentLinesInPeriod,
  documentRecordsOf,
  hasDocuments,
  pdfCountOfMonth,
  statementPayouts,
  vendorHasDocuments,
  vendorsWithDocuments,
  type DocumentLine,
} from './queries.service';
export { copyPdfsFromMonth, renderMissingPdfs } from './render.service';
export { eInvoiceBlockers } from './e-invoice';
export { documentsForBooks, type BookedDocument } from './books.service';
export type { DocumentParties, ProducerParty, ShopParty } from '@housnkuh/shared/schemas/documents';
export { documentsSpanOf, documentVendorId, removeDocumentsOf } from './deletion.service';
