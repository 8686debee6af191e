import { clock } from '@housnkuh/shared/clock';
import { addDays, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { contractEvents, contracts, jobRuns } from './schema';
import { onWake, transaction, wakeAfterCommit } from '../../db/transaction';
import { versionOn, versionsOf } from './versions.service';
import { PollingJob } from '../../lib/poller';
import { enqueueMail } from '../mail/public';
import { termStartedMail, trialEndingMail } from './mails';
import { vendorNamesOf } from '../vendors/public';
import { rentalTerms } from './rental-terms';
import { endOfTerms } from './term-end.service';
import { noticesOf, once } from './notices';

export const LIFECYCLE_JOB = 'contract-lifecycle';
/** Any fixed number: one instance runs the lifecycle at a time. */
const LIFECYCLE_LOCK = 4716;
/** How often the worker looks (the run itself is idempotent; a day's work is done once). */
export const LIFECYCLE_EVERY_MS = 60 * 60_000;
/** A lifecycle mail missed by more than this (the server was down) is not sent late. */
const LATE_DAYS = 7;

export interface LifecycleResult {
  activated: number;
  ended: number;
  mails: number;
}

/** How a skipped lifecycle mail reads in the contract's history. */
const NOTICE_NAMES: Record<string, string> = {
  'trial-ends-in-7-days': 'Erinnerung „Probemonat endet in 7 Tagen“',
  'trial-ends-tomorrow': 'Erinnerung „Probemonat endet morgen“',
  'term-started': 'Mitteilung „reguläre Laufzeit beginnt“',
};

/**
 * The contracts' day (docs/product/vendor-lifecycle.md), for `today`, idempotent:
 * a contract past its end date ends (its units are free, their holding ended
 * with the notice); a scheduled one becomes active from its start once the
 * shop is open (pre-registered producers move into the trial with the
 * opening); producers are mailed 7 days and 1 day before their trial ends and
 * when the regular term begins, each mail once. A mail whose day had passed
 * before the contract was approved (a start in the past, docs/decisions/0028)
 * is recorded as skipped, not sent. After the booked term a contract runs on
 * month by month, without the duration discount (term-end.service.ts).
 */
export async function runContractLifecycle(
  db: Database,
  settings: SiteSettings,
  publicUrl: string,
  today = isoDayInBerlin(),
): Promise<LifecycleResult> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIFECYCLE_LOCK})`);
    const result: LifecycleResult = { activated: 0, ended: 0, mails: 0 };

    const ending = await tx
      .update(contracts)
      .set({ status: 'ended', updatedAt: clock.now() })
      .where(
        and(
          inArray(contracts.status, ['scheduled', 'active']),
          isNotNull(contracts.endDate),
          lt(contracts.endDate, today),
        ),
      )
      .returning();
    for (const row of ending) {
      await tx.insert(contractEvents).values({
        contractId: row.id,
        action: 'ended',
        summary: `Vertrag beendet am ${formatIsoDay(row.endDate!)}; die Mietfächer sind frei.`,
        actorName: 'System',
      });
    }
    result.ended = ending.length;

    const open = settings.openingDate !== null && settings.openingDate <= today;
    if (open) {
      const starting = await tx
        .update(contracts)
        .set({ status: 'active', updatedAt: clock.now() })
        .where(
          and(
            eq(contracts.status, 'scheduled'),
            sql`${contracts.startDate} <= ${today}`,
            sql`(${contracts.endDate} is null or ${contracts.endDate} >= ${today})`,
          ),
        )
        .returning();
      for (const row of starting) {
        await tx.insert(contractEvents).values({
          contractId: row.id,
          action: 'activated',
          summary: `Vertrag läuft ab ${formatIsoDay(today)}.`,
          actorName: 'System',
        });
      }
      result.activated = starting.length;
    }

    const live = await tx.select().from(contracts).where(eq(contracts.status, 'active'));
    if (live.length > 0) {
      const siblings = await tx
        .select()
        .from(contracts)
        .where(inArray(contracts.vendorId, [...new Set(live.map((row) => row.vendorId))]));
      const people = await vendorNamesOf(tx, [...new Set(live.map((row) => row.vendorId))]);
      const versions = await versionsOf(
        tx,
        live.map((row) => row.id),
      );
      // the free month's reminders already recorded for a producer (on any of its contracts)
      const recorded = await noticesOf(
        tx,
        siblings.map((other) => other.id),
      );
      for (const row of live) {
        const vendor = people.find((person) => person.id === row.vendorId);
        const own = siblings.filter((other) => other.vendorId === row.vendorId);
        const terms = rentalTerms(settings.openingDate, own).of(row);
        if (!vendor || !terms.trial || !terms.termEnd) continue;
        // the free month is the producer's: its reminders come once, with its first running contract
        const first = live
          .filter((other) => other.vendorId === row.vendorId)
          .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))[0];
        const remind = first?.id === row.id;
        const trialEnd = terms.trial.end;
        // the price the regular term starts with (a change planned from then on counts)
        const termPrice =
          versionOn(versions.get(row.id) ?? [], addDays(trialEnd, 1))?.monthlyPriceCents ??
          row.monthlyPriceCents;
        const endsEarlier = row.endDate !== null && row.endDate <= trialEnd;
        // the day it was approved: a mail due before then is not sent late
        const approvedOn = isoDayInBerlin(row.createdAt);
        const mail = async (kind: string, draft: Parameters<typeof enqueueMail>[1]) => {
          if (await once(tx, row.id, kind)) {
            await enqueueMail(tx, draft);
            result.mails += 1;
          }
        };
        const skip = async (kind: string, due: string) => {
          if (await once(tx, row.id, kind, true)) {
            await tx.insert(contractEvents).values({
              contractId: row.id,
              action: 'notice.skipped',
              summary: `${NOTICE_NAMES[kind] ?? kind} (fällig am ${formatIsoDay(due)}) nicht verschickt: Der Tag lag vor der Bestätigung des Vertrags.`,
              actorName: 'System',
            });
          }
        };
        const producerHas = (kind: string) =>
          recorded.some(
            (notice) =>
              notice.kind === kind &&
              own.some((other) => other.id === notice.contractId && other.id !== row.id),
          );
        const reminder = (daysLeft: number) => ({
          to: vendor.email,
          replyTo: settings.email,
          kind: 'trial-ending',
          ...trialEndingMail(settings, {
            name: vendor.name,
            number: row.number ?? '',
            daysLeft,
            trialEnd,
            monthlyPriceCents: termPrice,
            termEnd: terms.termEnd!,
            cancelUrl: `${publicUrl}/vendor/settings/cancel`,
          }),
        });
        const weekBefore = addDays(trialEnd, -7);
        const dayBefore = addDays(trialEnd, -1);
        const termStart = addDays(trialEnd, 1);
        if (remind && !endsEarlier && !producerHas('trial-ends-in-7-days')) {
          if (weekBefore < approvedOn) await skip('trial-ends-in-7-days', weekBefore);
          else if (today >= weekBefore && today <= addDays(trialEnd, -2)) {
            await mail('trial-ends-in-7-days', reminder(7));
          }
        }
        if (remind && !endsEarlier && !producerHas('trial-ends-tomorrow')) {
          if (dayBefore < approvedOn) await skip('trial-ends-tomorrow', dayBefore);
          else if (today >= dayBefore && today <= trialEnd) {
            await mail('trial-ends-tomorrow', reminder(1));
          }
        }
        if (!endsEarlier && termStart < approvedOn) await skip('term-started', termStart);
        else if (!endsEarlier && today >= termStart && today <= addDays(termStart, LATE_DAYS - 1)) {
          await mail('term-started', {
            to: vendor.email,
            replyTo: settings.email,
            kind: 'term-started',
            ...termStartedMail(settings, {
              name: vendor.name,
              number: row.number ?? '',
              monthlyPriceCents: termPrice,
              termEnd: terms.termEnd,
            }),
          });
        }
      }
    }

    // the booked term's end: the reminder, and the price without the duration discount after it
    result.mails += (await endOfTerms(tx, settings, publicUrl, today)).mails;

    // units of ended contracts are free: the waiting list looks (docs/decisions/0074)
    if (result.ended > 0) wakeAfterCommit(tx, 'waitlist');
    await tx
      .insert(jobRuns)
      .values({ name: LIFECYCLE_JOB, day: today, result })
      .onConflictDoUpdate({
        target: [jobRuns.name, jobRuns.day],
        set: { finishedAt: clock.now(), result },
      });
    return result;
  });
}

/** The last run of the lifecycle job, for the admin. */
export async function lastLifecycleRun(db: Executor) {
  const [row] = await db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.name, LIFECYCLE_JOB))
    .orderBy(desc(jobRuns.day), desc(jobRuns.finishedAt))
    .limit(1);
  return row
    ? {
        day: row.day,
        finishedAt: row.finishedAt.toISOString(),
        result: row.result as LifecycleResult,
      }
    : null;
}

/** Runs the lifecycle at start and every hour (lib/poller.ts); a missed day is caught up at start. */
export class ContractLifecycleWorker extends PollingJob {
  constructor(
    db: Database,
    settings: () => Promise<SiteSettings>,
    publicUrl: string,
    log: FastifyBaseLogger,
    pollMs = LIFECYCLE_EVERY_MS,
  ) {
    super(
      async () => {
        const result = await runContractLifecycle(db, await settings(), publicUrl);
        if (result.activated + result.ended + result.mails > 0)
          log.info(result, 'contract lifecycle');
      },
      pollMs,
      log,
      'contract lifecycle failed',
    );
    // a changed opening date (settings) runs the day at once
    onWake(db, 'contracts', () => this.kick());
  }
}
