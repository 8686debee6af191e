import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
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
  alreadyConfirmed: false,
  vendor: {
    id: '7b0c1c1e-7d0c-4a53-9b9f-2f4f0c3f8a11',
    name: 'Anna Huber',
    email: 'anna@hof-huber.de',
    // spec §3 "Package data", as the server answers it (money in euros)
    packageData: {
      selectedProvisionType: 'premium',
      packageCounts: { 'block-a': 2, 'block-cold': 1, 'block-other': 1 },
      packageOptions: [
        { id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 },
        { id: 'block-cold', name: 'gekühlt', price: 50 },
        { id: 'block-other', name: 'Flexibler Bereich', price: 0, priceDisplay: 'auf Anfrage' },
      ],
      rentalDuration: 6,
      totalCost: { monthly: 133, oneTime: 0, provision: 7 },
      discount: 0.05,
      zusatzleistungen: { lagerservice: true, versandservice: false },
    },
    contractData: { status: 'pending', shopOpen: false, openingDate: '2027-07-01', trialDays: 30 },
  },
};

/** The value next to a label in the price breakdown. */
function breakdownValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

/** Shows the page for a confirmed account whose vendor differs from CONFIRMED's in `vendor`. */
function showConfirmed(vendor: Record<string, unknown>) {
  stubFetch((url) =>
    url.startsWith('/api/vendor-auth/confirm/')
      ? jsonResponse(200, { ...CONFIRMED, vendor: { ...CONFIRMED.vendor, ...vendor } })
      : jsonResponse(404, {}),
  );
  renderWithRouter(<VendorConfirmPage />, { path: PATH });
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

    // package lines: count × display name (singular or plural), price per unit, line total
    const blockA = screen.getByRole('row', { name: /2 × Verkaufsblöcke Lage A/ });
    expect(within(blockA).getByText('35,00 €')).toBeVisible();
    expect(within(blockA).getByText('70,00 €')).toBeVisible();
    const cold = screen.getByRole('row', { name: /1 × Kühlfach/ });
    expect(within(cold).getAllByText('50,00 €')).toHaveLength(2);
    const other = screen.getByRole('row', { name: /1 × Flexibler Bereich/ });
    expect(within(other).getByText('Preis auf Anfrage')).toBeVisible();

    // the breakdown
    expect(breakdownValue('Mietfächer-Grundpreis')).toBe('120,00 €');
    expect(screen.queryByText('Zusatzoptionen')).toBeNull();
    expect(breakdownValue('Zusatzleistungen')).toBe('20,00 €');
    expect(breakdownValue('Zwischensumme')).toBe('140,00 €');
    expect(breakdownValue('Rabatt (5 %)')).toBe('−7,00 €');
    expect(breakdownValue('Monatlich')).toBe(
      '133,00 € zzgl. Flexibler Bereich (Preis auf Anfrage)',
    );

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
      screen.getByText(/beginnt mit der Eröffnung des Ladens am 01\.07\.2027\./),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login für Direktvermarkter' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );
    // 'Anmelden' leads to the vendor login (docs/product/brand-and-settings.md; the earlier
    // client's /pricing was a defect)
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/vendor/login');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('leaves out the discount when there is none', async () => {
    showConfirmed({
      packageData: {
        ...CONFIRMED.vendor.packageData,
        rentalDuration: 3,
        discount: 0,
        totalCost: { monthly: 140, oneTime: 0, provision: 7 },
      },
    });
    expect(await screen.findByText('Zwischensumme')).toBeVisible();
    expect(screen.queryByText(/^Rabatt/)).toBeNull();
    // the package holds 'Flexibler Bereich' (auf Anfrage): the total says so
    expect(breakdownValue('Monatlich')).toBe(
      '140,00 € zzgl. Flexibler Bereich (Preis auf Anfrage)',
    );
  });

  it('names no season: without an opening date the trial starts with the opening "soon"', async () => {
    showConfirmed({
      contractData: { ...CONFIRMED.vendor.contractData, openingDate: null },
    });
    expect(
      await screen.findByText(/beginnt mit der Eröffnung des Ladens, die bald bevorsteht\./),
    ).toBeVisible();
    expect(screen.queryByText(/Sommer|2025/)).toBeNull();
  });

  it('a link used before says "already confirmed", without personal data, and leads to the login', async () => {
    stubFetch((url) =>
      url.startsWith('/api/vendor-auth/confirm/')
        ? jsonResponse(200, {
            success: true,
            message: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
            alreadyConfirmed: true,
          })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<VendorConfirmPage />, { path: PATH });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
      }),
    ).toBeVisible();
    expect(screen.queryByText('Dein gewähltes Paket')).toBeNull();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/vendor/login');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
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
      await screen.findByText('Verbindungsfehler. Bitte versuche es später erneut.'),
    ).toBeVisible();
  });
});
