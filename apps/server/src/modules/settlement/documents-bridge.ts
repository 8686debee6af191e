// What finalizing needs of the billing and documents modules (issue 26 lanes "billing" and
// "documents"): the shop's billing data, the payment term, and the documents issued with the
// parties as they are now (the shop: its name and address from the site settings, its billing
// data; the producer: name, address, tax data, bank account).
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { Settlement } from '@housnkuh/shared/settlement';
import type { Executor } from '../../db/client';
import { billingBlockers, getBillingSettings } from '../billing/public';
import { insertSettlementDocuments, type IssuedDocument } from '../documents/public';
import type { BillingParty } from '../vendors/public';

export type { IssuedDocument };

export interface DocumentRequest {
  vendorId: string;
  month: string;
  settlement: Settlement;
  /** The producer as it is now (the payee, its address and tax data). */
  producer: BillingParty;
}

/** What the shop's own billing data lacks for finalizing (German; empty: complete). */
export async function shopBillingBlockers(tx: Executor): Promise<string[]> {
  return billingBlockers(await getBillingSettings(tx));
}

/** Days until an amount the producer owes is due (the billing data's Zahlungsziel). */
export async function paymentTermDays(tx: Executor): Promise<number> {
  return (await getBillingSettings(tx)).zahlungszielTage;
}

/**
 * Issues the invoice (when it has lines) and the sales statement of each producer in the
 * caller's transaction, with their numbers, and enqueues the mails (documents module).
 */
export async function issueDocuments(
  tx: Executor,
  requests: readonly DocumentRequest[],
  issuedOn: string,
  settings: SiteSettings,
): Promise<IssuedDocument[]> {
  if (requests.length === 0) return [];
  const billing = await getBillingSettings(tx);
  const shop = {
    name: settings.legal.operatorName || settings.shopName,
    strasse: settings.address.strasse,
    hausnummer: settings.address.hausnummer,
    plz: settings.address.plz,
    ort: settings.address.ort,
    steuernummer: billing.steuernummer,
    ustIdNr: billing.ustIdNr,
    iban: billing.iban,
    bic: billing.bic,
    kontoinhaber: billing.kontoinhaber,
  };
  return insertSettlementDocuments(
    tx,
    requests.map(({ vendorId, month, settlement, producer: { id: _id, ...producer } }) => ({
      vendorId,
      month,
      settlement,
      parties: { shop, producer },
    })),
    issuedOn,
  );
}
