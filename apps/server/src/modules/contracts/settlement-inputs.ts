// What the monthly settlement needs of the contracts (docs/decisions/0033): per producer its
// contracts with their versions (contract_versions, never the starting terms on the contracts row
// nor contract_units.price_cents) and its free month, in the shape of the pure core's input.
import {
  commissionModel,
  discountForDuration,
  EXTRA_SERVICES,
  type ProvisionType,
} from '@housnkuh/shared/catalog';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import type { SettlementContract, SettlementVersion } from '@housnkuh/shared/settlement';
import { and, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { byName } from './mietfaecher.service';
import { contractDates, freeMonthOf, isStorniert, type FreeMonth } from './rental-terms';
import { contracts } from './schema';
import { versionsOf, type VersionRow } from './versions.service';

export interface SettlementContractsOfVendor {
  freeMonth: FreeMonth | null;
  contracts: SettlementContract[];
}

/** "Mietfächer A10, B8 · Lagerservice": what an invoice line says of a version. */
export function versionLabel(
  version: Pick<VersionRow, 'units' | 'zusatzleistungen' | 'provisionType'>,
) {
  const units = [...version.units].sort(byName).map((unit) => unit.name);
  const services = version.zusatzleistungen;
  const parts = [
    units.length === 1 ? `Mietfach ${units[0]}` : `Mietfächer ${units.join(', ')}`,
    ...(version.provisionType === 'premium' && services.lagerservice ? ['Lagerservice'] : []),
    ...(version.provisionType === 'premium' && services.versandservice ? ['Versandservice'] : []),
  ];
  return parts.join(' · ');
}

/**
 * The extra services' part of a version's monthly price: the catalog prices of the services it
 * has (Premium only), less the duration discount the whole price has (as the configurator
 * computes it: pricing.ts); a version from a day after the booked term has no discount (AGB § 4
 * Abs. 3, docs/decisions/0043-discount-term-and-demo.md).
 */
function servicesMonthly(row: VersionRow, rentalDuration: number, afterTerm: boolean): number {
  const services = row.zusatzleistungen;
  if (row.provisionType !== 'premium') return 0;
  const catalog = EXTRA_SERVICES.reduce(
    (sum, service) => (services[service.id] ? sum + service.price : sum),
    0,
  );
  return Math.min(
    row.monthlyPriceCents,
    catalog - (afterTerm ? 0 : Math.round(catalog * discountForDuration(rentalDuration))),
  );
}

function settlementVersion(
  row: VersionRow,
  rentalDuration: number,
  termEnd: string | null,
): SettlementVersion {
  const provisionType = row.provisionType as ProvisionType;
  return {
    validFrom: row.validFrom,
    provisionType,
    commissionRateBp: commissionModel(provisionType).rate * 100,
    monthlyPriceCents: row.monthlyPriceCents,
    label: versionLabel(row),
    servicesMonthlyCents: servicesMonthly(
      row,
      rentalDuration,
      termEnd !== null && row.validFrom > termEnd,
    ),
  };
}

/**
 * The contracts and free month of every producer with a contract day in `month` ('YYYY-MM'; a
 * contract not storniert with start ≤ last day and end ≥ first day), and of the producers in
 * `alsoVendorIds` (sales or open items without a contract day: their contracts give the rate).
 * Every contract of such a producer is in its list, storniert ones marked.
 */
export async function settlementContracts(
  db: Executor,
  month: string,
  openingDate: string | null,
  alsoVendorIds: readonly string[] = [],
): Promise<Map<string, SettlementContractsOfVendor>> {
  const first = `${month}-01`;
  const last = monthEnd(first);
  const running = await db
    .selectDistinct({ vendorId: contracts.vendorId })
    .from(contracts)
    .where(
      and(
        ne(contracts.status, 'cancelled'),
        lte(contracts.startDate, last),
        or(isNull(contracts.endDate), gte(contracts.endDate, first)),
      ),
    );
  const vendorIds = [...new Set([...running.map((row) => row.vendorId), ...alsoVendorIds])];
  const result = new Map<string, SettlementContractsOfVendor>();
  if (vendorIds.length === 0) return result;
  const rows = await db.select().from(contracts).where(inArray(contracts.vendorId, vendorIds));
  const versions = await versionsOf(
    db,
    rows.map((row) => row.id),
  );
  for (const vendorId of vendorIds) {
    const own = rows.filter((row) => row.vendorId === vendorId);
    const freeMonth = freeMonthOf(openingDate, own);
    result.set(vendorId, {
      freeMonth,
      contracts: own
        .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
        .map((row) => ({
          id: row.id,
          number: row.number,
          startDate: row.startDate,
          endDate: row.endDate,
          cancelled: isStorniert(row),
          versions: (versions.get(row.id) ?? []).map((version) =>
            settlementVersion(version, row.rentalDuration, contractDates(row, freeMonth).termEnd),
          ),
        })),
    });
  }
  return result;
}
