// What other modules may use of the billing module (docs/decisions/0013, 0035).
export { abrechnungAb } from './abrechnung-ab';
export { getBillingSettings, putBillingSettings } from './billing.service';
export { billingBlockers, type BillingSettings } from '@housnkuh/shared/schemas/billing';
export {
  sepaCreditTransfer,
  sepaText,
  type SepaCreditTransferInput,
  type SepaPayment,
} from './sepa';
export { datevBuchungsstapel, decimalEuro, documentLinesCsv } from './exports';
export { removeDatevDebitor } from './deletion.service';
