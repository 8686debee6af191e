import {
  INITIAL_SITE_SETTINGS,
  siteSettingsSchema,
  type SiteSettings,
} from '@housnkuh/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { settings } from '../../db/schema/settings';

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
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

export class SettingsService {
  private current: SiteSettings = INITIAL_SITE_SETTINGS;
  private loadedAt = 0;
  private loading: Promise<SiteSettings> | undefined;

  constructor(private readonly db: Database) {}

  /** The settings, at most a few seconds old. */
  async get(): Promise<SiteSettings> {
    if (Date.now() - this.loadedAt < CACHE_MS) return this.current;
    this.loading ??= this.reload().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** The last settings read, without waiting (for headers computed synchronously). */
  snapshot(): SiteSettings {
    return this.current;
  }

  async reload(): Promise<SiteSettings> {
    const rows = await this.db.select({ key: settings.key, value: settings.value }).from(settings);
    this.current = mergeSettings(rows);
    this.loadedAt = Date.now();
    return this.current;
  }

  async update(values: Partial<SiteSettings>): Promise<SiteSettings> {
    const merged = siteSettingsSchema.parse({ ...(await this.reload()), ...values });
    await writeSettings(this.db, merged);
    return this.reload();
  }
}
