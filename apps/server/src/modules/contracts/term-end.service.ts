// The end of a contract's booked term (AGB § 4 Abs. 3, docs/decisions/0043-discount-term-and-demo.md): the
// duration discount holds for the booked term only. Part of the daily contract job
// (lifecycle.service.ts), in its transaction and under its lock.
import { discountForDuration } from '@housnkuh/shared/catalog';
import { formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd, termEndReminder, undiscountedFrom } from '@housnkuh/shared/rental-terms';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lastClosedMonth } from '../closing/public';
import { enqueueMail } from '../mail/public';
import { vendorNamesOf } from '../vendors/public';
import { termEndingMail } from './mails';
import { byName } from './mietfaecher.service';
import { noticesOf, once } from './notices';
import { rentalTerms } from './rental-terms';
import { contractEvents, contracts, contractVersions } from './schema';
import { monthlyPriceOf, versionOn, versionsOf, type VersionRow } from './versions.service';

/** Recorded once per contract (contract_notices): the version without the discount is written. */
export const DISCOUNT_ENDED = 'term-discount-ended';
/** Recorded once per contract: the reminder before the booked term ends (sent or skipped). */
export const TERM_ENDING = 'term-ending';

/** The monthly price of a version's terms without the duration discount. */
export function undiscountedPrice(version: VersionRow): number {
  return monthlyPriceOf({
    provisionType: version.provisionType,
    units: version.units,
    zusatzleistungen: version.zusatzleistungen,
    rentalDuration: 1,
    discount: 0,
  });
}

/**
 * For `today`, idempotent (each step is recorded once per contract in contract_notices, and the
 * job runs under its advisory lock, so two instances never write it twice):
 * - the reminder before the booked term ends, to a producer that has not given notice, two weeks
 *   before the last day a notice reaches the term's end, up to that day (never later: what it
 *   says would be wrong; a reminder due before the contract was approved is recorded as skipped);
 * - from the day after the term, for a contract with a duration discount that runs on after it,
 *   a new version at the undiscounted price, shown in the history like every change. A version
 *   is never written into a settled month: when the job runs so late that the day after the term
 *   lies in one, the version starts on the first day of the month after the latest settled one
 *   (those days were settled at the discounted price and stay so).
 */
export async function endOfTerms(
  tx: Executor,
  settings: SiteSettings,
  publicUrl: string,
  today: string,
): Promise<{ repriced: number; mails: number }> {
  const result = { repriced: 0, mails: 0 };
  const live = await tx.select().from(contracts).where(eq(contracts.status, 'active'));
  if (live.length === 0 || !settings.openingDate) return result;
  const vendorIds = [...new Set(live.map((row) => row.vendorId))];
  const siblings = await tx.select().from(contracts).where(inArray(contracts.vendorId, vendorIds));
  const recorded = await noticesOf(
    tx,
    live.map((row) => row.id),
  );
  const done = (contractId: string, kind: string) =>
    recorded.some((notice) => notice.contractId === contractId && notice.kind === kind);
  const versions = await versionsOf(
    tx,
    live.map((row) => row.id),
  );
  const people = await vendorNamesOf(tx, vendorIds);
  const settled = await lastClosedMonth(tx);

  for (const row of live) {
    const own = siblings.filter((other) => other.vendorId === row.vendorId);
    const terms = rentalTerms(settings.openingDate, own).of(row);
    if (!terms.termEnd) continue;
    const termEnd = terms.termEnd;
    const history = versions.get(row.id) ?? [];
    const discounted = discountForDuration(row.rentalDuration) > 0;
    const after = versionOn(history, undiscountedFrom(termEnd, null));
    if (!after) continue;
    const priceAfter = discounted ? undiscountedPrice(after) : after.monthlyPriceCents;

    // the reminder: only while no notice is given, up to the last day a notice reaches the term
    const { noticeBy, remindOn } = termEndReminder(termEnd);
    const vendor = people.find((person) => person.id === row.vendorId);
    if (vendor && !row.endDate && !done(row.id, TERM_ENDING) && today <= noticeBy) {
      if (remindOn < isoDayInBerlin(row.createdAt)) {
        if (await once(tx, row.id, TERM_ENDING, true)) {
          await tx.insert(contractEvents).values({
            contractId: row.id,
            action: 'notice.skipped',
            summary: `Erinnerung „gebuchte Laufzeit endet“ (fällig am ${formatIsoDay(remindOn)}) nicht verschickt: Der Tag lag vor der Bestätigung des Vertrags.`,
            actorName: 'System',
          });
        }
      } else if (today >= remindOn && (await once(tx, row.id, TERM_ENDING))) {
        await enqueueMail(tx, {
          to: vendor.email,
          replyTo: settings.email,
          kind: TERM_ENDING,
          ...termEndingMail(settings, {
            name: vendor.name,
            number: row.number ?? '',
            units: [...after.units].sort(byName).map((unit) => unit.name),
            termEnd,
            earliestEnd: monthEnd(termEnd),
            noticeBy,
            priceFrom: undiscountedFrom(termEnd, null),
            before: after.monthlyPriceCents,
            after: priceAfter,
            cancelUrl: `${publicUrl}/vendor/settings/cancel`,
          }),
        });
        result.mails += 1;
      }
    }

    // the undiscounted price from the day after the term
    if (!discounted || today <= termEnd || done(row.id, DISCOUNT_ENDED)) continue;
    if (row.endDate && row.endDate <= termEnd) continue;
    const from = undiscountedFrom(termEnd, settled);
    const current = versionOn(history, from)!;
    const price = undiscountedPrice(current);
    if (row.endDate && from > row.endDate) {
      await once(tx, row.id, DISCOUNT_ENDED, true);
      continue;
    }
    if (!(await once(tx, row.id, DISCOUNT_ENDED))) continue;
    if (price <= current.monthlyPriceCents) continue;
    await tx.insert(contractVersions).values({
      contractId: row.id,
      validFrom: from,
      provisionType: current.provisionType,
      monthlyPriceCents: price,
      zusatzleistungen: current.zusatzleistungen,
      units: current.units,
      reason: `Die gebuchte Laufzeit endete am ${formatIsoDay(termEnd)}: Der Laufzeitrabatt gilt nur für die gebuchte Laufzeit (AGB § 4 Abs. 3).`,
      actorName: 'System',
    });
    const late =
      from === undiscountedFrom(termEnd, null) ? '' : ' (die Tage davor sind bereits abgerechnet)';
    await tx.insert(contractEvents).values({
      contractId: row.id,
      action: 'changed',
      summary: `Ab ${formatIsoDay(from)}${late}: Laufzeitrabatt endet mit der gebuchten Laufzeit (bis ${formatIsoDay(termEnd)}); monatlich ${formatEuro(current.monthlyPriceCents)} → ${formatEuro(price)}.`,
      actorName: 'System',
      data: { validFrom: from, termEnd, before: current.monthlyPriceCents, after: price },
    });
    result.repriced += 1;
  }
  return result;
}
