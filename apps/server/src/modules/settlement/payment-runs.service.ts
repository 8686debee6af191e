// Payment runs and the month's SEPA file (issue 30, docs/decisions/0038-runs).
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { getBillingSettings, sepaCreditTransfer } from '../billing/public';
import { shopBillingBlockers } from './documents-bridge';
import { monthOfPath, payoutsOfMonth } from './payouts.service';
import { settlementMonths } from './schema';

/**
 * GET /api/admin/abrechnungen/:month/sepa.xml: the SEPA credit transfer (pain.001) of every
 * positive payout of a final month, from the shop's account to each producer's IBAN, the
 * account holder as payee, the statement's number as end-to-end id and in the reference; to be
 * carried out today (PRODUCT.md: paid by the 15th of the following month).
 */
export async function sepaFileOfMonth(db: Executor, month: string): Promise<string> {
  monthOfPath(month);
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
  const missing = await shopBillingBlockers(db);
  if (missing.length > 0)
    throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
  const list = (await payoutsOfMonth(db, month)).filter((payout) => payout.amountCents > 0);
  if (list.length === 0) throw new ConflictError(SETTLEMENT_MESSAGES.noPayouts);
  const noBank = list.filter((payout) => !payout.payee.iban || !payout.payee.kontoinhaber);
  if (noBank.length > 0)
    throw new ConflictError(
      SETTLEMENT_MESSAGES.payeeWithoutBank(
        noBank.map((payout) => payout.payee.unternehmen || payout.payee.name),
      ),
    );
  const billing = await getBillingSettings(db);
  return sepaCreditTransfer({
    messageId: `HK-${month}-${clock.nowMs()}`,
    createdAt: clock.now(),
    debtor: { name: billing.kontoinhaber ?? '', iban: billing.iban!, bic: billing.bic },
    executionDate: isoDayInBerlin(),
    payments: list.map((payout) => ({
      endToEndId: payout.statementNumber ?? `${month}-${payout.vendorId.slice(0, 8)}`,
      amountCents: payout.amountCents,
      creditorName: payout.payee.kontoinhaber!,
      creditorIban: payout.payee.iban!,
      reference: `Auszahlung ${formatMonth(month)} ${payout.statementNumber ?? ''}`.trim(),
    })),
  });
}
