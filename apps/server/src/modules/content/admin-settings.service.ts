import { VALIDATION } from '@housnkuh/shared/messages';
import type { AdminSettingsPatch } from '@housnkuh/shared/schemas/admin';
import { toFieldErrors } from '@housnkuh/shared/schemas/common';
import { siteSettingsSchema, type SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { Database } from '../../db/client';
import { transaction, wakeAfterCommit } from '../../db/transaction';
import { InvalidError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { writeSettings, type SettingsService } from './settings.service';

/** Groups of settings a patch may give in part. */
const GROUPS = new Set(['address', 'coordinates', 'social', 'contest', 'legal']);

/**
 * PATCH /api/admin/settings: merges the given settings (groups in part) into
 * the current ones, validates the whole, stores what changed with its audit
 * entry in one transaction and reloads the settings, so the public pages show
 * the change at once (their cached HTML is keyed by the settings object).
 */
export async function patchSettings(
  db: Database,
  service: SettingsService,
  actor: Actor,
  patch: AdminSettingsPatch,
): Promise<SiteSettings> {
  const current = await service.reload();
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = GROUPS.has(key)
      ? { ...(current[key as keyof SiteSettings] as object), ...(value as object) }
      : value;
  }
  const parsed = siteSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    throw new InvalidError(VALIDATION.fixMarkedFields, toFieldErrors(parsed.error.issues));
  }
  const changed = (Object.keys(patch) as (keyof SiteSettings)[]).filter(
    (key) => JSON.stringify(current[key]) !== JSON.stringify(parsed.data[key]),
  );
  if (changed.length === 0) return current;
  const pick = (from: SiteSettings) => Object.fromEntries(changed.map((key) => [key, from[key]]));
  await transaction(db, async (tx) => {
    await writeSettings(tx, pick(parsed.data));
    // a new opening date moves pre-registered producers into their trial: the contract job runs
    if (changed.includes('openingDate')) wakeAfterCommit(tx, 'contracts');
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entity: 'settings',
      summary: `Einstellungen geändert: ${changed.join(', ')}`,
      before: pick(current),
      after: pick(parsed.data),
    });
  });
  return service.reload();
}
