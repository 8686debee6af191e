import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { ProfilePage } from './profile-page';
import { ownProfile } from '../../../components/vendor-area/test-profile';

const USER: VendorUser = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: 'Hof Huber',
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Aktiv',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

afterEach(() => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
  vi.restoreAllMocks();
});

describe('the producer’s profile page', () => {
  it('a link to #bankverbindung lands at the bank data, which say why the IBAN is needed', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    stubFetch((url) => {
      if (url === `/api/vendor-auth/profile/${USER.id}`)
        return jsonResponse(200, {
          success: true,
          profile: ownProfile(USER, { ibanMasked: null }),
        });
      if (url === '/api/vendor-auth/tags') return jsonResponse(200, { success: true, tags: [] });
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProfilePage />, { path: '/vendor/profile#bankverbindung' });

    const bank = await screen.findByRole('group', { name: 'Bankverbindung für Auszahlungen' });
    await vi.waitFor(() => expect(bank).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    // not "IBAN (optional)": the field says why it is needed
    const iban = screen.getByLabelText('IBAN');
    expect(screen.queryByText(/IBAN \(optional\)/)).toBeNull();
    expect(iban).toHaveAccessibleDescription(
      /Ohne IBAN können wir dir keine Auszahlung überweisen/,
    );
  });

  it('a picture is checked as it is chosen and sent at once; another file is refused beside the field', async () => {
    const uploads: string[] = [];
    stubFetch((url, init) => {
      if (url === `/api/vendor-auth/profile/${USER.id}`)
        return jsonResponse(200, {
          success: true,
          profile: ownProfile(USER, { ibanMasked: null }),
        });
      if (url === '/api/vendor-auth/tags') return jsonResponse(200, { success: true, tags: [] });
      if (url === '/api/vendor-auth/profile/pictures/profile' && init?.method === 'PUT') {
        uploads.push(url);
        return jsonResponse(200, {
          success: true,
          message: 'Das Bild ist gespeichert.',
          profile: ownProfile(USER, { ibanMasked: null }),
        });
      }
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProfilePage />, { path: '/vendor/profile' });
    // the file dialog offers pictures only; a file dropped or pasted can still be another
    const user = userEvent.setup({ applyAccept: false });
    const pictures = await screen.findByRole('region', { name: 'Bilder' });
    const profilePicture = within(pictures).getByRole('form', { name: 'Profilbild' });
    const choice = within(profilePicture).getByLabelText('Bild hochladen');

    await user.upload(choice, new File(['kein Bild'], 'notiz.txt', { type: 'text/plain' }));
    expect(
      await within(profilePicture).findByText('Erlaubt sind JPEG, PNG und WebP.'),
    ).toBeVisible();
    expect(choice).toHaveAttribute('aria-invalid', 'true');
    expect(uploads).toEqual([]);

    await user.upload(choice, new File([new Uint8Array(64)], 'hof.png', { type: 'image/png' }));
    expect(await within(pictures).findByText('Das Bild ist gespeichert.')).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect(within(profilePicture).queryByText('Erlaubt sind JPEG, PNG und WebP.')).toBeNull();
  });
});
