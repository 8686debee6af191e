import { normalizeForSearch } from '@housnkuh/shared/search';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tags, vendorTags, vendors } from '../../db/schema/vendors';

export interface SearchableVendor {
  name: string;
  unternehmen: string | null;
  beschreibung: string | null;
  ort: string | null;
}

/** The directory's search and sort columns of one vendor (spec: name, company, description, town, tags). */
export function searchColumns(vendor: SearchableVendor, tagNames: readonly string[]) {
  return {
    searchText: normalizeForSearch(
      [vendor.name, vendor.unternehmen, vendor.beschreibung, vendor.ort, ...tagNames]
        .filter(Boolean)
        .join(' \u0001 '),
    ),
    nameKey: normalizeForSearch(vendor.name),
    // Cards show the company, else the name: sort the same way.
    companyKey: normalizeForSearch(vendor.unternehmen || vendor.name),
  };
}

/** Recomputes the search and sort columns after a vendor's data or tags changed. */
export async function refreshSearchIndex(db: Executor, vendorIds: readonly string[]) {
  if (vendorIds.length === 0) return;
  const rows = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      unternehmen: vendors.unternehmen,
      beschreibung: vendors.beschreibung,
      ort: vendors.ort,
    })
    .from(vendors)
    .where(inArray(vendors.id, [...vendorIds]));
  const tagRows = await db
    .select({ vendorId: vendorTags.vendorId, name: tags.name })
    .from(vendorTags)
    .innerJoin(tags, eq(tags.id, vendorTags.tagId))
    .where(inArray(vendorTags.vendorId, [...vendorIds]));
  for (const row of rows) {
    const names = tagRows.filter((tag) => tag.vendorId === row.id).map((tag) => tag.name);
    await db.update(vendors).set(searchColumns(row, names)).where(eq(vendors.id, row.id));
  }
}
