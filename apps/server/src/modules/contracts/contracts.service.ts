import { TRIAL_DAYS } from '@housnkuh/shared/catalog';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contracts } from '../../db/schema/vendors';

/** What the trial and account rules need to know of a vendor's contracts. */
export interface ContractFacts {
  id: string;
  status: string;
  startDate: string;
  bookingRequestId: string | null;
}

/** The statuses of a contract that is running or about to. */
export const LIVE_CONTRACT_STATUSES: ReadonlySet<string> = new Set(['scheduled', 'active']);

/** The shop counts as open from its opening date on (PRODUCT.md). */
export function isShopOpen(settings: SiteSettings, today = isoDayInBerlin()): boolean {
  return settings.openingDate !== null && settings.openingDate <= today;
}

/** The trial runs 30 days from the later of shop opening and contract start. */
export function trialWindow(openingDate: string | null, contractStart: string) {
  if (!openingDate) return null;
  const start = openingDate > contractStart ? openingDate : contractStart;
  return { start, end: addDays(start, TRIAL_DAYS) };
}

/** A vendor's contracts, as far as the trial and account rules need them. */
export async function contractFacts(db: Executor, vendorId: string): Promise<ContractFacts[]> {
  return db
    .select({
      id: contracts.id,
      status: contracts.status,
      startDate: contracts.startDate,
      bookingRequestId: contracts.bookingRequestId,
    })
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId));
}
