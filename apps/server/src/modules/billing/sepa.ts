// The SEPA credit transfer file of a month's payouts: pain.001.001.09, the version German banks
// take since November 2023 (DK "Anlage 3" of the DFÜ-Abkommen; docs/decisions/0035).
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { sepaText } from '@housnkuh/shared/sepa-text';
import SEPA from 'sepa';

export { sepaText };

export interface SepaPayment {
  /** unique per payment, at most 35 characters of the SEPA set (e.g. the statement's number) */
  endToEndId: string;
  /** > 0 */
  amountCents: number;
  /** the producer's account holder */
  creditorName: string;
  creditorIban: string;
  creditorBic?: string | null;
  /** Verwendungszweck, at most 140 characters (e.g. "Auszahlung Oktober 2026 VA-2026-00001") */
  reference: string;
}

export interface SepaCreditTransferInput {
  /** unique per file, at most 35 characters */
  messageId: string;
  /** when the file was made (an instant); written as the time in Kronach */
  createdAt: Date | string;
  /** the shop's account */
  debtor: { name: string; iban: string; bic?: string | null };
  /** 'YYYY-MM-DD': the day the bank shall carry out the transfers */
  executionDate: string;
  payments: SepaPayment[];
}

/** An id of the SEPA set: no spaces, not starting with '/', no '//'. */
function sepaId(text: string): string {
  return sepaText(text, 35).replace(/ /g, '-').replace(/\/+/g, '/').replace(/^\//, '');
}

/** A local Date whose fields show `isoDay` (and time): what sepa.js formats, in any time zone. */
function localDate(isoDay: string, time = '00:00:00'): Date {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, hours, minutes, seconds);
}

/** 'HH:MM:SS' in Kronach at the instant. */
function berlinTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

function euros(cents: number): number {
  if (!Number.isInteger(cents) || cents <= 0) {
    throw new Error(`SEPA: amount must be positive whole cents (got ${cents})`);
  }
  return cents / 100;
}

/**
 * pain.001.001.09 (ISO 20022, EPC SCT rulebook) with one payment block: from
 * the shop's account, one transaction per payout, batch booking. Amounts are
 * whole cents; the file's control sum is their sum. Names and references are
 * put into the SEPA character set; the library escapes the XML.
 */
export function sepaCreditTransfer(input: SepaCreditTransferInput): string {
  if (input.payments.length === 0) throw new Error('SEPA: no payments');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.executionDate)) {
    throw new Error(`SEPA: executionDate must be YYYY-MM-DD (got ${input.executionDate})`);
  }
  const created = new Date(input.createdAt);
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = sepaId(input.messageId);
  doc.grpHdr.created = localDate(isoDayInBerlin(created), berlinTime(created));
  doc.grpHdr.initiatorName = sepaText(input.debtor.name, 70);
  if (!doc.grpHdr.initiatorName) throw new Error('SEPA: the debtor has no name in the SEPA set');

  const info = doc.createPaymentInfo();
  info.batchBooking = true;
  info.requestedExecutionDate = localDate(input.executionDate);
  info.debtorName = sepaText(input.debtor.name, 70);
  info.debtorIBAN = input.debtor.iban.replace(/\s/g, '').toUpperCase();
  info.debtorBIC = (input.debtor.bic ?? '').replace(/\s/g, '').toUpperCase();
  doc.addPaymentInfo(info);
  // the library prefixes the ids with the message's; they have 35 characters at most
  info.id = doc.grpHdr.id;

  for (const payment of input.payments) {
    const tx = info.createTransaction();
    tx.end2endId = sepaId(payment.endToEndId);
    tx.amount = euros(payment.amountCents);
    tx.creditorName = sepaText(payment.creditorName, 70);
    // an empty name fails the schema, and the bank refuses the whole file
    if (!tx.creditorName)
      throw new Error(`SEPA: no name in the SEPA set for ${payment.endToEndId}`);
    tx.creditorIBAN = payment.creditorIban.replace(/\s/g, '').toUpperCase();
    tx.creditorBIC = (payment.creditorBic ?? '').replace(/\s/g, '').toUpperCase();
    tx.remittanceInfo = sepaText(payment.reference, 140);
    info.addTransaction(tx);
    tx.id = tx.end2endId;
  }
  return doc.toString();
}
