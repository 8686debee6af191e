import { registrationBody } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/schema';
import { appWithSmtp, adminSender, pinDay } from './helpers';

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
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('eroeffnung@beispiel.de'),
    });
    const vendorId = registered.json().userId as string;
    const booking = (await admin('GET', '/api/admin/pending-bookings'))
      .json()
      .bookings.find((b: { vendor: { id: string } }) => b.vendor.id === vendorId);
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json();
    const approved = await admin('POST', `/api/admin/pending-bookings/${booking.id}/approve`, {
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
