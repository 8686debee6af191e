import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';
import { producer } from './sales-fixtures';

// The tests' way to cross a month's end in an end-to-end walk (docs/decisions/0068): a server
// started with CLOCK_START has POST /api/admin/test-clock, which moves its clock forward; any
// other server has no such route.

const START = berlinInstant('2026-10-31', '22:00');
let onTestClock: TestApp;
let plain: TestApp;
let admin = '';

beforeAll(async () => {
  clock.set(START);
  onTestClock = await createTestApp({ config: { clockStart: START } });
  plain = await createTestApp();
  admin = await signedInAdmin(onTestClock);
});
afterAll(async () => {
  await onTestClock?.close();
  await plain?.close();
  clock.reset();
});

const move = (t: TestApp, token: string | null, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/test-clock',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

const serverTime = async (t: TestApp) =>
  new Date((await t.app.inject({ method: 'GET', url: '/api/health' })).json().time as string);

describe('POST /api/admin/test-clock', () => {
  it('is not there without CLOCK_START, not even for an admin', async () => {
    const token = await signedInAdmin(plain);
    const answer = await move(plain, token, { at: '2026-11-01T00:30:00+01:00' });
    expect(answer.statusCode).toBe(404);
    expect((await serverTime(plain)).getTime()).toBeLessThan(
      new Date('2026-11-01T00:30:00+01:00').getTime(),
    );
  });

  it('moves the clock forward for an admin; the clock runs on from there', async () => {
    const answer = await move(onTestClock, admin, { at: '2026-11-01T00:30:00+01:00' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(
      'Die Uhr des Servers steht jetzt auf 01.11.2026, 00:30 Uhr.',
    );
    const now = await serverTime(onTestClock);
    expect(now.getTime()).toBeGreaterThanOrEqual(new Date('2026-11-01T00:30:00+01:00').getTime());
  });

  it('only forward, only an admin, bad input a German 400: the clock stays', async () => {
    const before = (await serverTime(onTestClock)).getTime();
    const back = await move(onTestClock, admin, { at: '2026-10-31T23:00:00+01:00' });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toMatch(/^Die Uhr läuft nur vorwärts: Es ist schon 01\.11\.2026/);
    for (const at of ['morgen', '2026-11-40T10:00:00+01:00', 5]) {
      const bad = await move(onTestClock, admin, { at });
      expect(bad.statusCode, String(at)).toBe(400);
      expect(bad.json().errors).toContainEqual({
        field: 'at',
        message: 'Bitte gib einen Zeitpunkt an, z. B. 2026-12-01T00:30:00+01:00.',
      });
    }
    const vendorId = await producer(onTestClock.database.db, { name: 'Hof Uhr' });
    const { token: vendor } = await createSession(onTestClock.database.db, 'vendor', vendorId);
    for (const token of [null, vendor]) {
      const refused = await move(onTestClock, token, { at: '2027-01-01T10:00:00+01:00' });
      expect(refused.statusCode).toBe(401);
    }
    const after = (await serverTime(onTestClock)).getTime();
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBeLessThan(new Date('2026-11-02T00:00:00+01:00').getTime());
  });
});
