// What finalizing needs of the billing and documents modules (issue 26 lanes "billing" and
// "documents"), behind three functions. LEAD, AT MERGE: swap the bodies for
//   shopBillingBlockers → billingBlockers(await getBillingSettings(tx)) (billing/public.ts)
//   paymentTermDays     → (await getBillingSettings(tx)).zahlungszielTage
//   issueDocuments      → insertSettlementDocuments(tx, requests with parties, issuedOn)
//                         (documents/public.ts; parties: the shop's billing data, name and address
//                         from the site settings, and the producer below)
// Until then the shop's data counts as complete, the term is 14 days and no document is issued.
import type { Settlement } from '@housnkuh/shared/settlement';
import type { Executor } from '../../db/client';
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
export async function shopBillingBlockers(_tx: Executor): Promise<string[]> {
  return [];
}

/** Days until an amount the producer owes is due (the billing data's Zahlungsziel). */
export async function paymentTermDays(_tx: Executor): Promise<number> {
  return 14;
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
