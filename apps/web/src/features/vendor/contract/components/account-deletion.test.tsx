import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../../lib/vendor-token';
import {
  jsonResponse,
  renderWithRouter,
  stubFetch,
  VENDOR_TOKEN,
  VENDOR_USER,
} from '../../../../test-utils';
import { DeletionBox } from './account-deletion';

// "Konto löschen" (docs/decisions/0092): what it still waits for, the request, withdrawing it.

const CONTRACT = 'Dein Vertrag V-2026-0001 läuft noch bis zum 31.12.2026.';

afterEach(() => clearVendorSession());

describe('Konto löschen', () => {
  it('names what it waits for, stores the request and takes it back', async () => {
    let requestedAt: string | null = null;
    const sent: unknown[] = [];
    stubFetch((url, init) => {
      if (url !== '/api/vendor-auth/deletion')
        return jsonResponse(500, { success: false, message: 'Interner Fehler' });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        requestedAt = '2026-11-29T10:00:00.000Z';
        return jsonResponse(200, {
          success: true,
          carriedOut: false,
          message: 'Deine Löschung ist vorgemerkt.',
          retainedUntil: null,
          requestedAt,
          blockers: [CONTRACT],
        });
      }
      if (init?.method === 'DELETE') {
        requestedAt = null;
        return jsonResponse(200, { success: true, message: 'Deine Löschung ist zurückgenommen.' });
      }
      return jsonResponse(200, { requestedAt, blockers: [CONTRACT] });
    });
    saveVendorSession(VENDOR_TOKEN, VENDOR_USER);
    renderWithRouter(<DeletionBox />, { path: '/vendor/settings/cancel' });
    const box = await screen.findByRole('region', { name: 'Konto löschen' });

    // what is open is listed before the producer asks
    expect(await within(box).findByText(CONTRACT)).toBeVisible();
    await userEvent.click(within(box).getByRole('button', { name: 'Konto löschen' }));
    expect(await within(box).findByText(/Bitte gib dein Passwort ein/)).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.type(within(box).getByLabelText(/Dein Passwort zur Bestätigung/), 'Geheim!123');
    await userEvent.click(within(box).getByRole('button', { name: 'Konto löschen' }));
    expect(sent).toEqual([{ password: 'Geheim!123' }]);
    expect(await within(box).findByText(/Deine Löschung ist seit .* vorgemerkt/)).toBeVisible();
    expect(within(box).getByText(CONTRACT)).toBeVisible();
    expect(within(box).queryByLabelText(/Dein Passwort zur Bestätigung/)).toBeNull();

    await userEvent.click(within(box).getByRole('button', { name: 'Löschung zurücknehmen' }));
    expect(await within(box).findByText('Deine Löschung ist zurückgenommen.')).toBeVisible();
    expect(await within(box).findByLabelText(/Dein Passwort zur Bestätigung/)).toBeVisible();
  });
});
