import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/schema';
import { adminSender, appWithSmtp, pendingBooking, pinDay } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
beforeAll(async () => {
  await t.app.settings.update({ openingDate: null });
});

const admin = adminSender(() => t);

describe('setting the opening date in the admin area', () => {
  it('runs the contract job at once: a pre-registered contract starts its trial', async () => {
    const { bookingId } = await pendingBooking(t, admin, 'eroeffnung@beispiel.de');
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json();
    const approved = await admin('POST', `/api/admin/pending-bookings/${bookingId}/approve`, {
      mietfachIds: [units.mietfaecher[0].id],
      startDate: today,
    });
    const id = approved.json().contract.id as string;
    expect(approved.json().contract.status).toBe('scheduled');

    const saved = await admin('PATCH', '/api/admin/settings', { openingDate: today });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0]!.status,
        { timeout: 10_000 },
      )
      .toBe('active');
  });
});
