import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { CHANGE_MESSAGES } from '@housnkuh/shared/schemas/admin-rental';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../src/modules/accounts/schema';
import { contractNotices, contracts } from '../src/modules/contracts/schema';
import { terminateContract } from '../src/modules/contracts/vertraege.service';
import { contractJobApp, pendingBooking, pinDay } from './helpers';

// issue 25: a contract may start in the past (a producer taken over, an approval entered late)
const today = pinDay();
const { t, smtp, admin, run } = contractJobApp();

interface Unit {
  id: string;
  name: string;
  optionId: string;
  state: string;
}

async function freeUnit(option: string, skip = 0): Promise<Unit> {
  const list = (await admin('GET', '/api/admin/mietfaecher')).json().mietfaecher as Unit[];
  return list.filter((unit) => unit.optionId === option && unit.state === 'free')[skip]!;
}

/** A registered producer's pending booking (6 months, Premium). */
const pending = (email: string) => pendingBooking(t, admin, email);

async function approve(email: string, startDate: string, unit?: Unit) {
  const { bookingId } = await pending(email);
  const chosen = unit ?? (await freeUnit('block-a'));
  const response = await admin('POST', `/api/admin/pending-bookings/${bookingId}/approve`, {
    mietfachIds: [chosen.id],
    startDate,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { contract: response.json().contract, unit: chosen, bookingId };
}

const detail = async (id: string) => (await admin('GET', `/api/admin/vertraege/${id}`)).json();

const lifecycleMailsTo = (email: string) =>
  smtp.mails.filter(
    (m) => m.to === email && (m.subject.includes('Probemonat') || m.subject.includes('Laufzeit')),
  );

const notices = async (contractId: string) =>
  (
    await t.database.db
      .select()
      .from(contractNotices)
      .where(eq(contractNotices.contractId, contractId))
  )
    .map((row) => ({ kind: row.kind, skipped: row.skipped }))
    .sort((a, b) => a.kind.localeCompare(b.kind));

beforeAll(async () => {
  // the shop opened long ago
  await t.app.settings.update({ openingDate: addDays(today, -400) });
});

describe('approving a booking with a start in the past', () => {
  it('in the free month: running at once, the reminder whose day has passed is skipped, the next one comes', async () => {
    const email = 'rueck-probe@beispiel.de';
    const start = addDays(today, -25);
    const trialEnd = addDays(start, 29);
    const { contract } = await approve(email, start);
    expect(contract).toMatchObject({
      status: 'active',
      startDate: start,
      phase: 'trial',
      trialStartsOn: start,
      trialEndsOn: trialEnd,
      freeMonth: { start, end: trialEnd },
      statusLabel: `Probemonat bis ${formatIsoDay(trialEnd)}`,
    });
    const approval = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigt'));
    expect(approval.text).toContain(`Beginn am ${formatIsoDay(start)}`);
    expect(approval.text).toContain(`Dein kostenloser Probemonat läuft vom ${formatIsoDay(start)}`);

    smtp.clear();
    // the 7-day reminder was due before the approval: recorded as skipped, not mailed
    expect((await run(today)).mails).toBe(0);
    expect(await notices(contract.id)).toEqual([{ kind: 'trial-ends-in-7-days', skipped: true }]);
    expect((await run(today)).mails).toBe(0);
    const history = (await detail(contract.id)).vertrag.history;
    expect(history.map((event: { summary: string }) => event.summary)).toContain(
      `Erinnerung „Probemonat endet in 7 Tagen“ (fällig am ${formatIsoDay(addDays(trialEnd, -7))}) nicht verschickt: Der Tag lag vor der Bestätigung des Vertrags.`,
    );
    expect(history[0].summary).toContain(`ab ${formatIsoDay(start)} (rückwirkend)`);

    // the day before the trial ends is still ahead: that reminder comes
    expect((await run(addDays(trialEnd, -1))).mails).toBe(1);
    const tomorrow = await smtp.waitFor(
      (m) => m.to === email && m.subject === 'Dein Probemonat bei housnkuh endet morgen',
    );
    expect(tomorrow.text).toContain(`endet am ${formatIsoDay(trialEnd)}`);
    expect(lifecycleMailsTo(email)).toHaveLength(1);

    const log = (await admin('GET', '/api/admin/audit?entity=booking')).json();
    expect(log.entries[0].summary).toContain(`ab ${formatIsoDay(start)} (rückwirkend)`);
  });

  it('after the free month: the term runs, no mail for passed days (the term start included)', async () => {
    const email = 'rueck-laufzeit@beispiel.de';
    // the term began 3 days ago: within the days a late mail would still go out
    const start = addDays(today, -33);
    const trialEnd = addDays(start, 29);
    const { contract } = await approve(email, start);
    expect(contract).toMatchObject({
      status: 'active',
      phase: 'term',
      trialEndsOn: trialEnd,
      statusLabel: 'aktiv',
    });
    const approval = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigt'));
    expect(approval.text).toContain(
      `Dein kostenloser Probemonat lief vom ${formatIsoDay(start)} bis ${formatIsoDay(trialEnd)}`,
    );
    expect((await run(today)).mails).toBe(0);
    expect((await run(addDays(today, 1))).mails).toBe(0);
    expect(await notices(contract.id)).toEqual([
      { kind: 'term-started', skipped: true },
      { kind: 'trial-ends-in-7-days', skipped: true },
      { kind: 'trial-ends-tomorrow', skipped: true },
    ]);
    expect(lifecycleMailsTo(email)).toEqual([]);
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.status).toBe('active');
  });

  it('after the booked term: runs on month by month', async () => {
    const start = addDays(today, -250);
    const { contract } = await approve('rueck-monatlich@beispiel.de', start);
    expect(contract).toMatchObject({ status: 'active', phase: 'monthly' });
    expect(contract.termEndsOn < today).toBe(true);
  });

  it('ended: the producer ends it in the free month, the job ends it the next day', async () => {
    const start = addDays(today, -5);
    const { contract, unit } = await approve('rueck-ende@beispiel.de', start);
    const [eva] = await t.database.db.select().from(admins);
    const ended = await terminateContract(
      t.database.db,
      await t.app.settings.reload(),
      { id: eva!.id, name: eva!.name },
      contract.id,
      { kind: 'vendor', noticeDate: today },
      today,
    );
    expect(ended.endDate).toBe(today);
    expect((await run(addDays(today, 1))).ended).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.status).toBe('ended');
    // its unit was held from the past start through today: from tomorrow it is free again
    const again = await pending('rueck-danach@beispiel.de');
    const before = await admin('POST', `/api/admin/pending-bookings/${again.bookingId}/approve`, {
      mietfachIds: [unit.id],
      startDate: addDays(today, -2),
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toContain(
      `Mietfach ${unit.name} ist ab ${formatIsoDay(addDays(today, -2))} nicht frei`,
    );
    const after = await admin('POST', `/api/admin/pending-bookings/${again.bookingId}/approve`, {
      mietfachIds: [unit.id],
      startDate: addDays(today, 1),
    });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses a unit another contract held on a day from the past start on', async () => {
    const { unit } = await approve('rueck-halter@beispiel.de', addDays(today, -30));
    const { bookingId } = await pending('rueck-zweiter@beispiel.de');
    const url = `/api/admin/pending-bookings/${bookingId}/approve`;
    // before the other contract's start, but overlapping it
    const overlap = await admin('POST', url, {
      mietfachIds: [unit.id],
      startDate: addDays(today, -60),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain(`Mietfach ${unit.name} ist ab`);
    const bad = await admin('POST', url, { mietfachIds: [unit.id], startDate: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Dieses Datum gibt es nicht');
    const [row] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.bookingRequestId, bookingId));
    expect(row).toBeUndefined();
  });
});

describe('a contract change from a past day', () => {
  it('is a version from that day, marked as retroactive; the producer is mailed', async () => {
    const email = 'rueck-aenderung@beispiel.de';
    const start = addDays(today, -40);
    const { contract } = await approve(email, start);
    const from = addDays(today, -10);
    const url = `/api/admin/vertraege/${contract.id}/change`;
    const changed = await admin('POST', url, {
      validFrom: from,
      provisionType: 'basic',
      reason: 'Modellwechsel war vereinbart',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const vertrag = (await detail(contract.id)).vertrag;
    expect(vertrag.provisionType).toBe('basic');
    expect(vertrag.versions.map((v: { validFrom: string }) => v.validFrom)).toEqual([start, from]);
    expect(vertrag.history.at(-1).summary).toContain(`Ab ${formatIsoDay(from)} (rückwirkend):`);
    const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('ändert sich ab'));
    expect(mail.subject).toContain(formatIsoDay(from));
    const log = (await admin('GET', '/api/admin/audit?entity=contract')).json();
    expect(log.entries[0].summary).toContain('(rückwirkend)');

    // still refused: before the start, a unit held by another contract on that past day
    const early = await admin('POST', url, {
      validFrom: addDays(start, -1),
      provisionType: 'premium',
      reason: 'x',
    });
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json())).toContain(CHANGE_MESSAGES.beforeStart(start));
    const before = await admin('POST', url, {
      validFrom: addDays(from, -1),
      provisionType: 'premium',
      reason: 'x',
    });
    expect(before.statusCode).toBe(400);
    expect(JSON.stringify(before.json())).toContain(CHANGE_MESSAGES.laterPlanned(from));
    const { unit: held } = await approve('rueck-nachbar@beispiel.de', addDays(today, -20));
    const taken = await admin('POST', url, {
      validFrom: addDays(today, -5),
      mietfachIds: [...vertrag.mietfaecher.map((u: { id: string }) => u.id), held.id],
      reason: 'Zweites Fach',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(`Mietfach ${held.name} ist ab`);
  });
});
