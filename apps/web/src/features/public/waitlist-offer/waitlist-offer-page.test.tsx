import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { WaitlistOfferPage } from './waitlist-offer-page';

const TOKEN = 'A'.repeat(43);
const PACKAGE = {
  selectedProvisionType: 'basic',
  packageCounts: { 'window-large': 1 },
  packageOptions: [{ id: 'window-large', name: 'Schaufenster groß', price: 60 }],
  rentalDuration: 3,
  totalCost: { monthly: 60, oneTime: 0, provision: 4 },
  discount: 0,
  zusatzleistungen: { lagerservice: false, versandservice: false },
};

function offer(state: 'open' | 'lapsed' | 'accepted') {
  return {
    success: true,
    offer: {
      state,
      stateLabel: {
        open: 'offen',
        lapsed: 'abgelaufen',
        accepted: 'angenommen, wartet auf Bestätigung',
      }[state],
      name: 'Anna Huber',
      offeredOn: '2026-12-01',
      validUntil: '2026-12-08',
      units: [{ name: 'S3', optionId: 'window-large' }],
      packageData: PACKAGE,
      summary: '1 × Schaufenster groß',
    },
  };
}

describe('WaitlistOfferPage', () => {
  it('shows the reserved unit and the package; accepting sends the token and says what happens next', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) => {
      if (url === `/api/warteliste/angebot/${TOKEN}`) return jsonResponse(200, offer('open'));
      if (url === '/api/warteliste/angebot/annehmen') {
        return jsonResponse(200, {
          success: true,
          message:
            'Danke! Deine Buchungsanfrage mit den reservierten Mietfächern liegt jetzt beim Laden zur Bestätigung.',
        });
      }
      return jsonResponse(404, {});
    });
    renderWithRouter(<WaitlistOfferPage />, { path: `/warteliste/angebot?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Ein Mietfach ist frei' })).toBeVisible();
    expect(screen.getByText(/bis einschließlich 08\.12\.2026/)).toBeVisible();
    expect(screen.getByText('S3 (Schaufenster groß)')).toBeVisible();
    expect(screen.getByText(/Basismodell \(4 %\), 3 Monate, 60,00 € im Monat/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByRole('heading', { name: 'Angebot angenommen' })).toBeVisible();
    expect(screen.getByText(/liegt jetzt beim Laden zur Bestätigung/)).toBeVisible();
    const post = calls.find((call) => call.url === '/api/warteliste/angebot/annehmen');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ token: TOKEN });
  });

  it('a lapsed offer offers no buttons', async () => {
    stubFetch(() => jsonResponse(200, offer('lapsed')));
    renderWithRouter(<WaitlistOfferPage />, { path: `/warteliste/angebot?token=${TOKEN}` });
    expect(
      await screen.findByText('Dieses Angebot galt bis 08.12.2026 und ist abgelaufen.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Angebot annehmen' })).toBeNull();
  });

  it('an unknown link gets the server’s message and ways on', async () => {
    stubFetch(() =>
      jsonResponse(404, {
        success: false,
        message: 'Dieses Angebot gibt es nicht. Bitte prüfe den Link aus der E-Mail.',
      }),
    );
    renderWithRouter(<WaitlistOfferPage />, { path: `/warteliste/angebot?token=${TOKEN}` });
    expect(
      await screen.findByText('Dieses Angebot gibt es nicht. Bitte prüfe den Link aus der E-Mail.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
  });
});
