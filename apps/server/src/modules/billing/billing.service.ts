import {
  DEFAULT_BILLING_SETTINGS,
  type BillingSettings,
  type billingSettingsInputSchema,
} from '@housnkuh/shared/schemas/billing';
import type { z } from '@housnkuh/shared/schemas/zod';
import { clock } from '@housnkuh/shared/clock';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { recordAudit, type Actor } from '../audit/public';
import { billingSettings } from './schema';

type Row = typeof billingSettings.$inferSelect;

function fromRow(row: Row | undefined): BillingSettings {
  if (!row) return DEFAULT_BILLING_SETTINGS;
  return {
    steuernummer: row.steuernummer,
    ustIdNr: row.ustIdNr,
    iban: row.iban,
    bic: row.bic,
    kontoinhaber: row.kontoinhaber,
    zahlungszielTage: row.zahlungszielTage,
    besteuerung: row.besteuerung === 'ist' ? 'ist' : 'soll',
    abrechnungAb: row.abrechnungAb,
    datev: {
      beraternummer: row.datevBeraternummer,
      mandantennummer: row.datevMandantennummer,
      sachkontenlaenge: row.datevSachkontenlaenge,
      erloeskontoMiete: row.datevErloeskontoMiete,
      erloeskontoProvision: row.datevErloeskontoProvision,
      erloeskontoErmaessigt: row.datevErloeskontoErmaessigt,
      debitorenkontoStart: row.datevDebitorenkontoStart,
      verrechnungskonto: row.datevVerrechnungskonto,
      aufwandskontoErstattung: row.datevAufwandskontoErstattung,
    },
  };
}

/** The shop's billing data (the defaults while nobody entered any). */
export async function getBillingSettings(db: Executor): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return fromRow(row);
}

/**
 * PUT /api/admin/billing-settings: stores the whole billing data with its
 * audit entry (what changed, before and after) in one transaction.
 */
export async function putBillingSettings(
  db: Executor,
  actor: Actor,
  input: z.output<typeof billingSettingsInputSchema>,
): Promise<BillingSettings> {
  return transaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(billingSettings)
      .where(eq(billingSettings.id, 1))
      .for('update');
    const before = fromRow(current);
    const values = {
      steuernummer: input.steuernummer,
      ustIdNr: input.ustIdNr,
      iban: input.iban,
      bic: input.bic,
      kontoinhaber: input.kontoinhaber,
      zahlungszielTage: input.zahlungszielTage,
      besteuerung: input.besteuerung,
      abrechnungAb: input.abrechnungAb,
      datevBeraternummer: input.datev.beraternummer,
      datevMandantennummer: input.datev.mandantennummer,
      datevSachkontenlaenge: input.datev.sachkontenlaenge,
      datevErloeskontoMiete: input.datev.erloeskontoMiete,
      datevErloeskontoProvision: input.datev.erloeskontoProvision,
      datevErloeskontoErmaessigt: input.datev.erloeskontoErmaessigt,
      datevDebitorenkontoStart: input.datev.debitorenkontoStart,
      datevVerrechnungskonto: input.datev.verrechnungskonto,
      datevAufwandskontoErstattung: input.datev.aufwandskontoErstattung,
      updatedAt: clock.now(),
    };
    const [row] = await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values })
      .returning();
    const after = fromRow(row);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, actor, {
        action: 'billing-settings.update',
        entity: 'billing_settings',
        summary: 'Abrechnungsdaten geändert',
        before: before,
        after: after,
      });
    }
    return after;
  });
}
