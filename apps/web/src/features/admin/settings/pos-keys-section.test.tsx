import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { PosKeysSection } from './pos-keys-section';

// Einstellungen → Kasse (issue 31): plain words, the till's addresses beside the key, and a
// copy button for the key shown once.

afterEach(() => clearAdminSession());

describe('PosKeysSection', () => {
  it('shows the till addresses and copies a new key', async () => {
    // after userEvent.setup(), which puts its own clipboard in place
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetch((url, init) => {
      if (init?.method === 'POST')
        return jsonResponse(200, {
          success: true,
          message: 'Schlüssel angelegt.',
          key: {
            id: 'k1',
            name: 'Kasse Laden',
            createdAt: '2026-10-01T08:00:00.000Z',
            lastUsedAt: null,
            revokedAt: null,
          },
          secret: 'hk_pos_geheim',
        });
      return jsonResponse(200, { success: true, keys: [] });
    });
    signInAdmin();
    renderWithRouter(<PosKeysSection />);
    expect(screen.getByText(`${window.location.origin}/api/pos/products`)).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api/pos/sales`)).toBeTruthy();
    await user.type(screen.getByLabelText(/Name des neuen Schlüssels/), 'Kasse Laden');
    await user.click(screen.getByRole('button', { name: 'Schlüssel anlegen' }));
    await user.click(await screen.findByRole('button', { name: 'Schlüssel kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('hk_pos_geheim'));
    expect(await screen.findByText('Kopiert.')).toBeTruthy();
  });
});
