// "Demo-Daten entfernen" (docs/product/vendor-lifecycle.md): the demo producers of the initial data
// go in one step, each module deleting its own rows (docs/decisions/0025).
import {
  DEMO_DATA_MESSAGES,
  type DemoData,
  type DemoDataRemoved,
} from '@housnkuh/shared/schemas/admin-users';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { holdingsOfVendors } from '../contracts/public';
import { demoRemovalDocumentsCheck } from '../documents/public';
import { deleteImagesOfVendors } from '../media/public';
import { demoRemovalSalesCheck } from '../sales/public';
import { demoRemovalSettlementCheck } from '../settlement/public';
import { deleteDemoVendors, demoVendors } from '../vendors/public';

/**
 * A check that keeps the demo data: answers, for these producers, why they
 * cannot be removed any more (a German sentence each), or nothing.
 */
export type DemoRemovalCheck = (db: Executor, vendorIds: readonly string[]) => Promise<string[]>;

/**
 * The checks that keep the demo data once a demo producer has sales or
 * documents (receipts, settlements, invoices). The module that owns those
 * tables exports such a check from its public.ts and it is added here (the
 * users module may import them; they never import users); removal is then
 * refused with DEMO_DATA_MESSAGES.blocked.
 */
export const DEMO_REMOVAL_CHECKS: readonly DemoRemovalCheck[] = [
  // sales lines (the till, the CSV import) of a demo producer
  demoRemovalSalesCheck,
  // invoices, sales statements and cancellations (never deleted)
  demoRemovalDocumentsCheck,
  // final settlements, payouts and open items of a demo producer
  demoRemovalSettlementCheck,
];

async function blockersOf(
  db: Executor,
  ids: readonly string[],
  checks: readonly DemoRemovalCheck[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const found: string[] = [];
  for (const check of checks) found.push(...(await check(db, ids)));
  return found;
}

const label = (vendor: { name: string; unternehmen: string | null }) =>
  vendor.unternehmen ? `${vendor.unternehmen} (${vendor.name})` : vendor.name;

/** What "Demo-Daten entfernen" would remove now, and what keeps it (GET /api/admin/demo-data). */
export async function demoDataSummary(
  db: Database,
  checks: readonly DemoRemovalCheck[] = DEMO_REMOVAL_CHECKS,
): Promise<DemoData> {
  const vendors = await demoVendors(db);
  const ids = vendors.map((vendor) => vendor.id);
  const holdings = await holdingsOfVendors(db, ids);
  return {
    vendors: vendors.map(label),
    contracts: holdings.contracts,
    units: holdings.units,
    blockers: await blockersOf(db, ids, checks),
  };
}

function removedMessage(removed: DemoDataRemoved['removed']): string {
  const producers =
    removed.vendors === 1 ? '1 Demo-Direktvermarkter' : `${removed.vendors} Demo-Direktvermarkter`;
  const units = removed.units.length === 1 ? '1 Mietfach' : `${removed.units.length} Mietfächer`;
  return `Demo-Daten entfernt: ${producers} mit ${removed.contracts === 1 ? '1 Vertrag' : `${removed.contracts} Verträgen`}; ${units} wieder frei.`;
}

/**
 * Removes every demo producer with its contracts (their units free again),
 * booking requests, profile, pictures and tags, and records it once in the
 * Protokoll. Refused while a check of DEMO_REMOVAL_CHECKS objects; with no
 * demo producer left it removes nothing and says so (no audit entry).
 */
export async function removeDemoData(
  db: Database,
  actor: Actor | { id: null; name: string },
  checks: readonly DemoRemovalCheck[] = DEMO_REMOVAL_CHECKS,
): Promise<{ message: string; removed: DemoDataRemoved['removed'] }> {
  return transaction(db, async (tx) => {
    const vendors = await demoVendors(tx, { lock: true });
    const ids = vendors.map((vendor) => vendor.id);
    if (ids.length === 0) {
      return {
        message: DEMO_DATA_MESSAGES.nothingToRemove,
        removed: { vendors: 0, contracts: 0, units: [], pictures: 0 },
      };
    }
    const blockers = await blockersOf(tx, ids, checks);
    if (blockers.length > 0) {
      throw new ConflictError(`${DEMO_DATA_MESSAGES.blocked} ${blockers.join(' ')}`);
    }
    const holdings = await holdingsOfVendors(tx, ids);
    const pictures = await deleteImagesOfVendors(tx, ids);
    // contracts (with their holdings), booking requests, tags and links go with the producer
    const deleted = await deleteDemoVendors(tx, ids);
    const removed = {
      vendors: deleted,
      contracts: holdings.contracts,
      units: holdings.units,
      pictures,
    };
    const message = removedMessage(removed);
    await recordAudit(tx, actor, {
      action: 'demo-data.remove',
      entity: 'vendor',
      summary: message,
      before: { vendors: vendors.map(label), contracts: holdings.contracts, units: holdings.units },
      after: null,
    });
    return { message, removed };
  });
}
