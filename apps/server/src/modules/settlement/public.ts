// What other modules may use of the settlement module (docs/decisions/0013, 0033): the figures
// of a producer's month (documents) and the payouts of a final month (the SEPA file); the bench
// settles its years of data with the month's steps as the routes take them.
export { demoRemovalSettlementCheck } from './demo-removal.service';
export { settlementFigures } from './month-view.service';
export { payoutsOfMonth } from './payouts.service';
export type { DocumentRequest, IssuedDocument } from './issue-documents';
export { countOpenItems, monthsToSettle } from './todos.service';
export { vendorPayoutMonths } from './vendor-payouts.service';
export { openSettlementMonth } from './open-month.service';
export { finalizeMonth, tidyUnsettledLines } from './finalize.service';
export { lastManualLineMonth, moneyKeepingAccount, removeSettlementOf } from './deletion.service';
