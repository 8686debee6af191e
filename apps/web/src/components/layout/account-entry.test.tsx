import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../test-utils';
import { AccountEntry } from './account-entry';

const USER: VendorUser = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: null,
  telefon: null,
  profilBild: '/api/images/anna.webp',
  isVendor: true,
  accountStatus: 'Aktiv',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

afterEach(async () => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
});

describe('AccountEntry', () => {
  it('shows Login, or Direktvermarkter Login in the mobile menu, to visitors', () => {
    const { unmount } = renderWithRouter(<AccountEntry />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/vendor/login');
    unmount();
    renderWithRouter(<AccountEntry mobile />);
    expect(screen.getByRole('link', { name: 'Direktvermarkter Login' })).toBeVisible();
  });

  it('shows Dashboard with the profile picture to a vendor, and the icon when it does not load', async () => {
    stubFetch((url) =>
      url === '/api/vendor-auth/login'
        ? jsonResponse(200, { success: true, token: 'T'.repeat(43), user: USER })
        : jsonResponse(200, { success: true, bookings: [] }),
    );
    saveVendorSession('T'.repeat(43), USER);
    const { container } = renderWithRouter(<AccountEntry />);
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('href', '/vendor/dashboard');
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/api/images/anna.webp');
    fireEvent.error(img);
    await waitFor(() => expect(container.querySelector('img')).toBeNull());
    expect(link.querySelector('svg')).not.toBeNull();
  });

  it('shows Admin Panel to an admin', () => {
    localStorage.setItem('adminToken', 'A'.repeat(43));
    localStorage.setItem('user', JSON.stringify({ id: 'a1', isAdmin: true }));
    renderWithRouter(<AccountEntry />);
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });
});
