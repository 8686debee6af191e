// Finalize's step "issue the documents" (docs/product/money.md): what the shop's billing data
// lacks, the payment term, and the invoice and sales statement of each producer with the parties
// as they are now (the shop: its name and address from the site settings, its billing data; the
// producer: name, address, tax data, bank account). Not a bridge: the settlement calls the
// billing and documents modules through their public.ts wherever it needs them, as every module
// calls another (this file was documents-bridge.ts; issue 34).
import { isSoleTrader, issuerName } from '@housnkuh/shared/issuer-name';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { Settlement } from '@housnkuh/shared/settlement';
import type { Database, Executor } from '../../db/client';
import { billingBlockers, getBillingSettings } from '../billing/public';
import { SettingsService } from '../content/public';
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

/**
 * What the shop's own billing data lacks for finalizing (German; empty: complete): the tax id and
 * the IBAN (billing data), and the owner's name the documents are issued under (site settings,
 * § 14 Abs. 4 Nr. 1 UStG).
 */
export async function shopBillingBlockers(tx: Executor): Promise<string[]> {
  const settings = await new SettingsService(tx as Database).reload();
  return [...billingBlockers(await getBillingSettings(tx)), ...issuerName(settings.legal).missing];
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
  const legal = {
    ...settings.legal,
    operatorName: settings.legal.operatorName || settings.shopName,
  };
  const owner = legal.ownerName.trim();
  const shop = {
    // the owner as the tax law knows it, e.g. "housnkuh – Inh. Eva Beispiel"
    name: issuerName(legal).name,
    vertretenDurch: !isSoleTrader(legal.legalForm) && owner ? owner : null,
    registereintrag: legal.registerEntry.trim() || null,
    strasse: settings.address.strasse,
    hausnummer: settings.address.hausnummer,
    plz: settings.address.plz,
    ort: settings.address.ort,
    steuernummer: billing.steuernummer,
    ustIdNr: billing.ustIdNr,
    iban: billing.iban,
    bic: billing.bic,
    kontoinhaber: billing.kontoinhaber,
    // the due date of an amount owed: the issue day + this (as finalize dates the open item)
    zahlungszielTage: billing.zahlungszielTage,
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
