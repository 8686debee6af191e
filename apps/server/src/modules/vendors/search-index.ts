import { normalizeForSearch } from '@housnkuh/shared/search';

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
