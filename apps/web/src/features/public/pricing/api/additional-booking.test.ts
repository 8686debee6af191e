import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../../lib/vendor-token';
import { VENDOR_USER, jsonResponse, stubFetch } from '../../../../test-utils';
import { requestAdditionalBooking } from './additional-booking';

const USER = VENDOR_USER;
const pkg = { packageCounts: { 'block-a': 1 }, rentalDuration: 3 };

afterEach(() => clearVendorSession());

describe('additional booking (spec §8)', () => {
  it('answers instead of calling without a valid token, so its dialog can close', async () => {
    const calls = stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    expect(await requestAdditionalBooking(new QueryClient(), pkg)).toEqual({
      success: false,
      notAuthenticated: true,
      message: 'Keine gültige Authentifizierung gefunden',
    });
    expect(calls).toHaveLength(0);
  });

  it('maps the booking errors of spec §8', async () => {
    saveVendorSession('T'.repeat(43), USER);
    let status = 403;
    stubFetch((url) =>
      url === '/api/vendor-auth/additional-booking'
        ? jsonResponse(status, { success: false, message: 'Serverseitig' })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    const client = new QueryClient();
    expect((await requestAdditionalBooking(client, pkg)).message).toBe(
      'Authentifizierung fehlgeschlagen. Bitte logge dich erneut ein.',
    );
    status = 404;
    expect((await requestAdditionalBooking(client, pkg)).message).toBe(
      'Vendor-Account nicht gefunden. Bitte kontaktiere den Support.',
    );
    status = 500;
    expect((await requestAdditionalBooking(client, pkg)).message).toBe('Serverseitig');
  });
});
