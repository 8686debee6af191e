import { addressText } from '@housnkuh/shared/address';
import type { Executor } from '../../db/client';
import { listedAddresses } from '../directory/public';
import { addressKey } from './geocoder';

/** The text the map page asks for: the public address fields, trimmed, at most 200 characters. */
function publicAddressKey(parts: {
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
}): string {
  const trimmed = {
    strasse: parts.strasse?.trim(),
    hausnummer: parts.hausnummer?.trim(),
    plz: parts.plz?.trim(),
    ort: parts.ort?.trim(),
  };
  return addressKey(addressText(trimmed).slice(0, 200));
}

/**
 * The addresses of the listed vendors (directory, map), as cache keys: the
 * only addresses GET /api/geocode looks up. Read at most every 10 s; an
 * address not among them reloads the list once, but at most once a second,
 * so a vendor listed a moment ago is found and random addresses cost no more
 * than one query a second.
 */
export class ListedAddresses {
  private keys = new Set<string>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly maxAgeMs = 10_000,
    private readonly minReloadMs = 1_000,
  ) {}

  async has(address: string): Promise<boolean> {
    const key = addressKey(address);
    if (!key) return false;
    if (Date.now() - this.loadedAt >= this.maxAgeMs) await this.reload();
    if (this.keys.has(key)) return true;
    if (Date.now() - this.loadedAt >= this.minReloadMs) await this.reload();
    return this.keys.has(key);
  }

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await listedAddresses(this.db);
        this.keys = new Set(rows.map(publicAddressKey).filter(Boolean));
        this.loadedAt = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}
