import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { ERRORS } from '@housnkuh/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../../lib/vendor-token';
import { VENDOR_USER, jsonResponse, renderWithRouter, stubFetch } from '../../../../test-utils';
import { useConfigurator } from '../use-configurator';
import { AdditionalBookingDialog } from './additional-booking-dialog';

const USER: VendorUser = { ...VENDOR_USER, accountStatus: 'Aktiv' };

function Dialog({ onClose }: { onClose: () => void }) {
  const configurator = useConfigurator();
  return <AdditionalBookingDialog configurator={configurator} onClose={onClose} />;
}

afterEach(async () => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
  vi.restoreAllMocks();
});

describe('AdditionalBookingDialog', () => {
  it('without a valid token only logs it and closes; the button does not stay busy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    const onClose = vi.fn();
    renderWithRouter(<Dialog onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Buchung bestätigen' })).toBeEnabled();
    expect(screen.queryByText('Wird gebucht...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalledWith(ERRORS.noValidToken);
    expect(calls.some((c) => c.url.endsWith('/additional-booking'))).toBe(false);
  });

  it('shows the server message and lets the vendor try again when the booking fails', async () => {
    stubFetch((url) => {
      if (url === '/api/vendor-auth/login')
        return jsonResponse(200, { success: true, token: 'T'.repeat(43), user: USER });
      if (url === '/api/vendor-auth/additional-booking')
        return jsonResponse(500, { success: false, message: 'Serverseitig' });
      return jsonResponse(200, { success: true, bookings: [] });
    });
    saveVendorSession('T'.repeat(43), USER);
    const onClose = vi.fn();
    renderWithRouter(<Dialog onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Serverseitig');
    expect(screen.getByRole('button', { name: 'Buchung bestätigen' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
