import { clock } from '@housnkuh/shared/clock';
import { siteSettingsSchema, type SiteSettings } from '@housnkuh/shared/schemas/settings';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { settings } from './schema';
import { cached } from '../../lib/cache';

const KEYS = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[];
/** Settings are read on every page; a short cache spares the database. */
const CACHE_MS = 5_000;

/**
 * Builds the settings from stored rows: a missing or invalid value falls back to its initial
 * value. The VAT id in the legal data is the billing data's (`vatId`), never a stored one.
 */
export function mergeSettings(
  rows: { key: string; value: unknown }[],
  vatId: string | null = null,
): SiteSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const merged: Record<string, unknown> = {};
  for (const key of KEYS) {
    const parsed = siteSettingsSchema.shape[key].safeParse(stored.get(key));
    merged[key] = parsed.success ? parsed.data : INITIAL_SITE_SETTINGS[key];
  }
  const settings = merged as SiteSettings;
  return { ...settings, legal: { ...settings.legal, vatId: vatId ?? '' } };
}

/** What is stored of a value: the legal data without the VAT id (billing data, read on each read). */
function stored(key: string, value: unknown): unknown {
  if (key !== 'legal' || value === null || typeof value !== 'object') return value;
  const { vatId: _billingData, ...legal } = value as Record<string, unknown>;
  return legal;
}

export async function writeSettings(db: Executor, values: Partial<SiteSettings>): Promise<void> {
  const entries = Object.entries(values)
    .filter(([key]) => (KEYS as string[]).includes(key))
    .map(([key, value]) => [key, stored(key, value)] as const);
  if (entries.length === 0) return;
  await db
    .insert(settings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: clock.now() },
    });
}

/** Reads the shop's VAT id where it lives (the billing data); null when there is none. */
export type VatIdSource = () => Promise<string | null>;

export class SettingsService {
  private current: SiteSettings = INITIAL_SITE_SETTINGS;
  private readonly cache = cached(() => this.read(), CACHE_MS);
  private vatIdSource: VatIdSource | null = null;

  constructor(private readonly db: Database) {}

  /**
   * The billing module names where the VAT id is read from (it lives in the billing data only;
   * the Impressum shows it through `legal.vatId`). Given at start, so the content module does
   * not import the billing module. The next read has it.
   */
  readVatIdFrom(source: VatIdSource): void {
    this.vatIdSource = source;
    this.cache.invalidate();
  }

  /** The settings, at most a few seconds old. */
  get(): Promise<SiteSettings> {
    return this.cache.get();
  }

  /** The last settings read, without waiting (for headers computed synchronously). */
  snapshot(): SiteSettings {
    return this.current;
  }

  /** Reads the settings now, bypassing the cache. */
  async reload(): Promise<SiteSettings> {
    this.cache.invalidate();
    return this.cache.get();
  }

  private async read(): Promise<SiteSettings> {
    const [rows, vatId] = await Promise.all([
      this.db.select({ key: settings.key, value: settings.value }).from(settings),
      this.vatIdSource ? this.vatIdSource() : null,
    ]);
    const read = mergeSettings(rows, vatId);
    // the same object while nothing changed: what was rendered with it stays valid (the page
    // cache compares settings by identity), whatever the number of reads in between
    if (JSON.stringify(read) !== JSON.stringify(this.current)) this.current = read;
    return this.current;
  }

  async update(values: Partial<SiteSettings>): Promise<SiteSettings> {
    const merged = siteSettingsSchema.parse({ ...(await this.reload()), ...values });
    await writeSettings(this.db, merged);
    return this.reload();
  }
}
