// What finalizing needs of the billing and documents modules (issue 26 lanes "billing" and
// "documents"), behind three functions. The billing data is the billing module's (merged).
// LEAD, AT MERGE of the documents lane: swap the body of
//   issueDocuments → insertSettlementDocuments(tx, requests with parties, issuedOn)
//                    (documents/public.ts; parties: the shop's billing data, name and address
//                    from the site settings, and the producer below)
// Until then no document is issued.
import type { Settlement } from '@housnkuh/shared/settlement';
import type { Executor } from '../../db/client';
import { billingBlockers, getBillingSettings } from '../billing/public';
import type { BillingParty } from '../vendors/public';

export interface IssuedDocument {
  id: string;
  type: 'rechnung' | 'verkaufsabrechnung' | 'storno';
  number: string;
  vendorId: string;
}

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
 * caller's transaction, with their numbers, and enqueues the mails.
 */
export async function issueDocuments(
  _tx: Executor,
  _requests: readonly DocumentRequest[],
  _issuedOn: string,
): Promise<IssuedDocument[]> {
  return [];
}
