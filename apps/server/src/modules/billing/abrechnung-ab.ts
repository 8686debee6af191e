// "Abrechnung ab" of the billing data: the first month this system settles (null: the opening
// month). The settlement asks for it through public.ts.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingSettings } from './schema';

/** 'YYYY-MM' as entered in the billing data, or null (then the opening month counts). */
export async function abrechnungAb(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ abrechnungAb: billingSettings.abrechnungAb })
    .from(billingSettings)
    .where(eq(billingSettings.id, 1));
  return row?.abrechnungAb ?? null;
}
