import { addDays } from '@housnkuh/shared/format';
import { registrationBody } from '@housnkuh/test-support/registration';
import { describe, expect, it } from 'vitest';
import { appWithSmtp, pinDay, adminSender } from './helpers';

// the day the file's tests run on (10:00 in Kronach)
const today = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
const admin = adminSender(() => t);

const availability = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/pricing/availability' });
  expect(response.statusCode).toBe(200);
  return response.json().availability as { optionId: string; total: number; free: number }[];
};

const WINDOW = {
  selectedProvisionType: 'basic',
  packageCounts: { 'window-large': 1 },
  rentalDuration: 3,
};

describe('/api/pricing/availability', () => {
  it('counts per type the units no contract holds today or later; a request for a full type goes on the waiting list', async () => {
    const before = await availability();
    expect(before).toContainEqual({ optionId: 'window-large', total: 1, free: 1 });
    expect(before).toContainEqual({ optionId: 'block-a', total: 12, free: 12 });
    // no one asks who holds a unit: counts only
    expect(Object.keys(before[0]!).sort()).toEqual(['free', 'optionId', 'total']);

    // the only large window, approved from a later day: reserved is not free
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('fenster1@beispiel.de', { packageData: WINDOW }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstMail = await smtp.waitFor((m) => m.to === 'fenster1@beispiel.de');
    expect(firstMail.text).toContain('suchen ein passendes freies Mietfach');
    expect(firstMail.text).not.toContain('Warteliste');
    const [booking] = (await admin('GET', '/api/admin/pending-bookings')).json().bookings;
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=window-large')).json();
    const approved = await admin('POST', `/api/admin/pending-bookings/${booking.id}/approve`, {
      mietfachIds: [units.mietfaecher[0].id],
      startDate: addDays(today, 10),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await availability()).toContainEqual({ optionId: 'window-large', total: 1, free: 0 });

    // the next producer asking for it is told about the waiting list
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('fenster2@beispiel.de', { packageData: WINDOW }),
    });
    expect(second.statusCode, second.body).toBe(200);
    const secondMail = await smtp.waitFor((m) => m.to === 'fenster2@beispiel.de');
    expect(secondMail.text).toContain(
      'setzen dich auf die Warteliste, denn für Schaufenster groß ist derzeit nicht genug frei; sobald ein passendes Mietfach frei wird, hörst du von uns.',
    );
  });
});
