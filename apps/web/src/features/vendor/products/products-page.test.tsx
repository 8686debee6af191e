import type { Product } from '@housnkuh/shared/schemas/products';
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { LabelsPage } from './labels-page';
import { ProductsPage } from './products-page';
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

const HONEY: Product = {
  id: '8c1e2f00-0000-4000-8000-000000000001',
  name: 'Blütenhonig',
  beschreibung: null,
  priceCents: 650,
  unit: 'Glas',
  vatRate: 7,
  ean: '2000000000015',
  eanInStore: true,
  isActive: true,
  inhalt: null,
  inhaltEinheit: null,
  basePrice: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

afterEach(() => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
  vi.restoreAllMocks();
});

function stub(iban: string | null) {
  let current = HONEY;
  return stubFetch((url, init) => {
    if (url.startsWith('/api/vendor-auth/products?'))
      return jsonResponse(200, {
        success: true,
        products: [current],
        pagination: { page: 1, limit: 25, totalCount: 1, totalPages: 1 },
        taxStatus: 'regelbesteuert',
        vatRates: [
          { vatRate: 7, label: '7 %' },
          { vatRate: 19, label: '19 %' },
        ],
      });
    if (url === `/api/vendor-auth/products/${HONEY.id}` && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { priceCents?: number };
      current = { ...current, priceCents: body.priceCents ?? current.priceCents };
      return jsonResponse(200, { success: true, product: current });
    }
    if (url === `/api/vendor-auth/profile/${USER.id}`)
      return jsonResponse(200, { success: true, profile: ownProfile(USER, { ibanMasked: iban }) });
    return jsonResponse(500, { success: false, message: 'Interner Fehler' });
  });
}

describe('the producer’s products', () => {
  it('a changed price is confirmed and offers the changed product’s label', async () => {
    stub('DE89 **** **** **** **30 00');
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProductsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten: Blütenhonig' }));
    const price = screen.getByLabelText('Preis in Euro (brutto)');
    await userEvent.clear(price);
    await userEvent.type(price, '6,90');
    await userEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    const saved = await screen.findByText('Blütenhonig ist gespeichert.');
    const notice = saved.closest('[role="status"], [role="alert"], div')!.parentElement!;
    expect(notice).toHaveTextContent(/Blütenhonig 6,50\s€ → 6,90\s€/);
    expect(notice).toHaveTextContent('Die Etiketten im Regal zeigen noch den alten Preis');
    expect(
      screen.getByRole('link', { name: 'Etikett des geänderten Produkts drucken' }),
    ).toHaveAttribute('href', `/vendor/products/etiketten?produkte=${HONEY.id}`);
    expect(screen.queryByRole('link', { name: 'IBAN jetzt eintragen' })).toBeNull();
  });

  it('without an IBAN: a link straight to it', async () => {
    stub(null);
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProductsPage />);
    expect(await screen.findByRole('link', { name: 'IBAN jetzt eintragen' })).toHaveAttribute(
      'href',
      '/vendor/profile#bankverbindung',
    );
  });

  it('the labels page chooses the changed products, one label each', async () => {
    stubFetch((url) =>
      url.startsWith('/api/vendor-auth/products?')
        ? jsonResponse(200, {
            success: true,
            products: [HONEY, { ...HONEY, id: 'other', name: 'Rapshonig' }],
            pagination: { page: 1, limit: 100, totalCount: 2, totalPages: 1 },
          })
        : jsonResponse(500, { success: false, message: 'Interner Fehler' }),
    );
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<LabelsPage />, { path: `/vendor/products/etiketten?produkte=${HONEY.id}` });
    expect(
      await screen.findByText(/Vorausgewählt, weil sich der Preis geändert hat/),
    ).toBeVisible();
    expect(screen.getByLabelText('Blütenhonig')).toHaveValue('1');
    expect(screen.getByLabelText('Rapshonig')).toHaveValue('');
  });

  it('labels on a partly used A4 sheet: the first free place goes into the PDF’s link', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/vendor-auth/products?')
        ? jsonResponse(200, {
            success: true,
            products: [HONEY],
            pagination: { page: 1, limit: 100, totalCount: 1, totalPages: 1 },
          })
        : url.startsWith('/api/vendor-auth/products/labels.pdf')
          ? new Response('%PDF-1.3', { status: 200 })
          : jsonResponse(500, { success: false, message: 'Interner Fehler' }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:etiketten');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<LabelsPage />, { path: '/vendor/products/etiketten' });
    await userEvent.type(await screen.findByLabelText('Blütenhonig'), '2');
    expect(screen.queryByLabelText('Erstes freies Etikett auf dem Bogen')).toBeNull();
    await userEvent.click(screen.getByLabelText(/A4-Bogen/));
    await userEvent.type(screen.getByLabelText('Erstes freies Etikett auf dem Bogen'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'PDF erstellen' }));
    await vi.waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        `/api/vendor-auth/products/labels.pdf?ids=${HONEY.id}&counts=2&format=a4-3x8&start=7`,
      ),
    );
  });
});
