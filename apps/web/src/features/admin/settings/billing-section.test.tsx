import { DEFAULT_BILLING_SETTINGS } from '@housnkuh/shared/schemas/billing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { BillingSection } from './billing-section';
import { PublishedVatId } from './settings-page';

// Einstellungen → Abrechnung (issue 31): the DATEV numbers are marked as needed for the DATEV
// export before the owner tries it.

function show(datev: { beraternummer: number | null; mandantennummer: number | null }) {
  stubFetch(() =>
    jsonResponse(200, {
      success: true,
      settings: {
        ...DEFAULT_BILLING_SETTINGS,
        datev: { ...DEFAULT_BILLING_SETTINGS.datev, ...datev },
      },
      blockers: [],
    }),
  );
  signInAdmin();
  renderWithRouter(<BillingSection />);
}

afterEach(() => clearAdminSession());

describe('BillingSection', () => {
  it('says the DATEV numbers are needed for the export while they are missing', async () => {
    show({ beraternummer: null, mandantennummer: null });
    expect(
      await screen.findByText(
        /Für den DATEV-Export nötig: die Beraternummer und die Mandantennummer/,
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Nötig für den DATEV-Export.')).toHaveLength(2);
  });

  it('no notice once both are there', async () => {
    show({ beraternummer: 1234567, mandantennummer: 12345 });
    await screen.findByLabelText(/^Beraternummer/);
    expect(screen.queryByText(/Für den DATEV-Export nötig:/)).toBeNull();
  });
});

describe('PublishedVatId', () => {
  it('shows the billing data’s VAT id read-only, with a link to the billing data', async () => {
    stubFetch(() =>
      jsonResponse(200, {
        success: true,
        settings: { ...DEFAULT_BILLING_SETTINGS, ustIdNr: 'DE123456789', steuernummer: '218/1/2' },
        blockers: [],
      }),
    );
    signInAdmin();
    renderWithRouter(<PublishedVatId />);
    expect(await screen.findByText(/DE123456789/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ändern unter „Abrechnung“' }).getAttribute('href'),
    ).toBe('#abrechnung');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/218\/1\/2/)).toBeNull();
  });
});
