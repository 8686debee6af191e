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

/** Builds the settings from stored rows: a missing or invalid value falls back to its initial value. */
export function mergeSettings(rows: { key: string; value: unknown }[]): SiteSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const merged: Record<string, unknown> = {};
  for (const key of KEYS) {
    const parsed = siteSettingsSchema.shape[key].safeParse(stored.get(key));
    merged[key] = parsed.success ? parsed.data : INITIAL_SITE_SETTINGS[key];
  }
  return merged as SiteSettings;
}

export async function writeSettings(db: Executor, values: Partial<SiteSettings>): Promise<void> {
  const entries = Object.entries(values).filter(([key]) => (KEYS as string[]).includes(key));
  if (entries.length === 0) return;
  await db
    .insert(settings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: clock.now() },
    });
}

export class SettingsService {
  private current: SiteSettings = INITIAL_SITE_SETTINGS;
  private readonly cache = cached(() => this.read(), CACHE_MS);

  constructor(private readonly db: Database) {}

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
    const rows = await this.db.select({ key: settings.key, value: settings.value }).from(settings);
    this.current = mergeSettings(rows);
    return this.current;
  }

  async update(values: Partial<SiteSettings>): Promise<SiteSettings> {
    const merged = siteSettingsSchema.parse({ ...(await this.reload()), ...values });
    await writeSettings(this.db, merged);
    return this.reload();
  }
}
