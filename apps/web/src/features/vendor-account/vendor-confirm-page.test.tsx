import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../test-utils';
import { VendorConfirmPage } from './vendor-confirm-page';

const TOKEN = 'A'.repeat(43);
const PATH = `/vendor/confirm?token=${TOKEN}`;
const EXPIRED =
  'Dieser Bestätigungslink ist abgelaufen. Bitte fordere einen neuen an oder wende dich an uns.';
const RESEND_SENT =
  'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir einen neuen Bestätigungslink geschickt.';

const CONFIRMED = {
  success: true,
  message: 'Account erfolgreich bestätigt!',
  vendor: {
    id: '7b0c1c1e-7d0c-4a53-9b9f-2f4f0c3f8a11',
    name: 'Anna Huber',
    email: 'anna@hof-huber.de',
    packageData: {
      provisionType: 'premium',
      provisionRate: 7,
      rentalDuration: 6,
      items: [
        { id: 'block-a', name: 'Verkaufsblock Lage A', price: 3500, count: 2 },
        { id: 'block-cold', name: 'gekühlt', price: 5000, count: 1 },
        {
          id: 'block-other',
          name: 'Flexibler Bereich',
          price: 0,
          count: 1,
          priceDisplay: 'auf Anfrage',
        },
      ],
      zusatzleistungen: { lagerservice: true, versandservice: false },
      price: {
        packageCosts: 12000,
        addonCosts: 0,
        zusatzleistungenCosts: 2000,
        subtotal: 14000,
        discount: 5,
        discountAmount: 700,
        monthlyTotal: 13300,
        totalForDuration: 79800,
        provision: { rate: 7, monthlyAmount: 931, totalAmount: 5586 },
      },
    },
    contractData: { status: 'pending', shopOpen: false, openingDate: '2025-07-01', trialDays: 30 },
  },
};

/** The value next to a label in the price breakdown. */
function breakdownValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('VendorConfirmPage', () => {
  it('says so when the link has no token, and calls nothing', async () => {
    const calls = stubFetch(() => jsonResponse(404, {}));
    renderWithRouter(<VendorConfirmPage />, { path: '/vendor/confirm' });
    expect(await screen.findByText('Kein Bestätigungstoken gefunden.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Bestätigung fehlgeschlagen',
    );
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
    expect(calls.filter((c) => c.url.includes('/vendor-auth/'))).toHaveLength(0);
  });

  it('confirms and shows the package, the price breakdown and the next steps', async () => {
    const calls = stubFetch((url) =>
      url === `/api/vendor-auth/confirm/${TOKEN}`
        ? jsonResponse(200, CONFIRMED)
        : jsonResponse(404, {}),
    );
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(screen.getByText('Dein Account wird bestätigt …')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account erfolgreich bestätigt!' }),
    ).toBeVisible();
    expect(calls.filter((c) => c.url.startsWith('/api/vendor-auth/confirm/'))).toHaveLength(1);

    // package lines: count × name, price per unit, line total; 'auf Anfrage' as is
    const blockA = screen.getByRole('row', { name: /2 × Verkaufsblock Lage A/ });
    expect(within(blockA).getByText('35,00 €')).toBeVisible();
    expect(within(blockA).getByText('70,00 €')).toBeVisible();
    const cold = screen.getByRole('row', { name: /1 × gekühlt/ });
    expect(within(cold).getAllByText('50,00 €')).toHaveLength(2);
    const other = screen.getByRole('row', { name: /1 × Flexibler Bereich/ });
    expect(within(other).getByText('auf Anfrage')).toBeVisible();

    // the breakdown
    expect(breakdownValue('Mietfächer-Grundpreis')).toBe('120,00 €');
    expect(breakdownValue('Zusatzoptionen')).toBe('0,00 €');
    expect(breakdownValue('Zusatzleistungen')).toBe('20,00 €');
    expect(breakdownValue('Zwischensumme')).toBe('140,00 €');
    expect(breakdownValue('Rabatt (5 %)')).toBe('-7,00 €');
    expect(breakdownValue('Monatlich')).toBe('133,00 €');

    // extra services, model and duration
    expect(screen.getByText(/– gebucht/).closest('li')).toHaveTextContent(
      'Lagerservice – gebucht20,00 € im Monat',
    );
    expect(screen.getByText(/– nicht gebucht/).closest('li')).toHaveTextContent(
      'Versandservice – nicht gebucht5,00 € im Monat',
    );
    expect(screen.getByText('Premium-Modell (7 % Provision auf den Umsatz)')).toBeVisible();
    expect(screen.getByText('6 Monate')).toBeVisible();

    // next steps and the way on
    const steps = within(screen.getByRole('region', { name: 'So geht es weiter' }));
    expect(steps.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Wir melden uns innerhalb von 2 Werktagen bei dir.')).toBeVisible();
    expect(screen.getByText('Wir suchen ein passendes freies Mietfach für dich.')).toBeVisible();
    expect(
      screen.getByText(/beginnt mit der Eröffnung des Ladens am 01\.07\.2025\./),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login für Direktvermarkter' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('leaves out the discount when there is none', async () => {
    const price = { ...CONFIRMED.vendor.packageData.price, discount: 0, discountAmount: 0 };
    stubFetch((url) =>
      url.startsWith('/api/vendor-auth/confirm/')
        ? jsonResponse(200, {
            ...CONFIRMED,
            vendor: {
              ...CONFIRMED.vendor,
              packageData: { ...CONFIRMED.vendor.packageData, price },
            },
          })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(await screen.findByText('Zwischensumme')).toBeVisible();
    expect(screen.queryByText(/^Rabatt/)).toBeNull();
  });

  it('for an expired link shows the contact hint and requests a new link', async () => {
    const calls = stubFetch((url) => {
      if (url.startsWith('/api/vendor-auth/confirm/')) {
        return jsonResponse(410, { success: false, message: EXPIRED });
      }
      if (url === '/api/vendor-auth/resend-confirmation') {
        return jsonResponse(200, { success: true, message: RESEND_SENT });
      }
      return jsonResponse(404, {});
    });
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(await screen.findByText(EXPIRED)).toBeVisible();
    expect(screen.getByRole('link', { name: '09261 000000' })).toHaveAttribute(
      'href',
      'tel:+499261000000',
    );
    expect(screen.getByRole('link', { name: 'info@housnkuh.de' })).toHaveAttribute(
      'href',
      'mailto:info@housnkuh.de',
    );
    expect(screen.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@hof-huber.de');
    await user.click(screen.getByRole('button', { name: 'Neuen Link anfordern' }));
    expect(await screen.findByText(RESEND_SENT)).toBeVisible();
    const resend = calls.filter((c) => c.url === '/api/vendor-auth/resend-confirmation');
    expect(resend).toHaveLength(1);
    expect(JSON.parse(String(resend[0]!.init?.body))).toEqual({ email: 'anna@hof-huber.de' });
  });

  it('shows the server message for an invalid link, without the resend form', async () => {
    stubFetch(() =>
      jsonResponse(400, { success: false, message: 'Dieser Bestätigungslink ist ungültig.' }),
    );
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(await screen.findByText('Dieser Bestätigungslink ist ungültig.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neuen Link anfordern' })).toBeNull();
  });

  it('falls back to the generic message for an HTTP error without message', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(await screen.findByText('Fehler bei der Bestätigung des Accounts.')).toBeVisible();
  });

  it('reports a connection problem', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(
      await screen.findByText('Verbindungsfehler. Bitte versuchen Sie es später erneut.'),
    ).toBeVisible();
  });
});
