// Finalize's step "issue the documents" (docs/product/money.md): what the shop's billing data
// lacks, the payment term, and the invoice and sales statement of each producer with the parties
// as they are now (the shop: its name and address from the site settings, its billing data; the
// producer: name, address, tax data, bank account). Not a bridge: the settlement calls the
// billing and documents modules through their public.ts wherever it needs them, as every module
// calls another (this file was documents-bridge.ts; issue 34).
import { isSoleTrader, issuerName } from '@housnkuh/shared/issuer-name';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { Settlement } from '@housnkuh/shared/settlement';
import type { Executor } from '../../db/client';
import { billingBlockers, getBillingSettings } from '../billing/public';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import {
  eInvoiceBlockers,
  insertSettlementDocuments,
  type IssuedDocument,
} from '../documents/public';
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
export async function shopBillingBlockers(tx: Executor, settings: SiteSettings): Promise<string[]> {
  return [...billingBlockers(await getBillingSettings(tx)), ...issuerName(settings.legal).missing];
}

/**
 * What the invoices' e-invoice lacks (German; empty: nothing): the shop's real phone number
 * (XRechnung names the seller's contact; docs/decisions/0075-e-invoices.md). Only finalizing
 * issues invoices: a payment run does not ask for it.
 */
export function shopEInvoiceBlockers(settings: SiteSettings): string[] {
  return eInvoiceBlockers({ phone: settings.phone, placeholderPhone: INITIAL_SITE_SETTINGS.phone });
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
    // the e-invoice's seller contact (XRechnung BG-6): the owner, the shop's phone and e-mail
    kontakt: { name: owner, telefon: settings.phone, email: settings.email },
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
    settings,
  );
}
