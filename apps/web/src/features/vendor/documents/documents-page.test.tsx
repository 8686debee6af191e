import type { VendorDocument } from '@housnkuh/shared/schemas/documents';
import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { CustomerInvoicesPage, HousnkuhInvoicesPage } from './documents-page';
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

const base = {
  month: '2026-10',
  issuedOn: '2026-11-03',
  cancelledBy: null,
  lines: [],
  payoutCents: null,
};
const DOCUMENTS: VendorDocument[] = [
  {
    ...base,
    id: 'd3',
    type: 'storno',
    number: 'ST-2026-00001',
    issuedOn: '2026-11-20',
    totalGrossCents: -1312,
    refersToNumber: 'RE-2026-00001',
    pdfUrl: '/api/vendor-auth/documents/d3/pdf',
    xmlUrl: '/api/vendor-auth/documents/d3/xrechnung.xml',
  },
  {
    ...base,
    id: 'd2',
    type: 'verkaufsabrechnung',
    number: 'VA-2026-00001',
    totalGrossCents: 2088,
    payoutCents: 2088,
    refersToNumber: 'RE-2026-00001',
    pdfUrl: '/api/vendor-auth/documents/d2/pdf',
    lines: [
      {
        receiptId: 'B-1',
        position: 1,
        soldAt: '2026-10-02T09:00:00.000Z',
        articleText: 'Blütenhonig 500 g',
        quantityThousandths: 2000,
        unitPriceGrossCents: 500,
        vatRateBp: 700,
        grossCents: 1000,
      },
    ],
  },
  {
    ...base,
    id: 'd1',
    type: 'rechnung',
    number: 'RE-2026-00001',
    totalGrossCents: 1312,
    refersToNumber: null,
    cancelledBy: 'ST-2026-00001',
    pdfUrl: '/api/vendor-auth/documents/d1/pdf',
    xmlUrl: '/api/vendor-auth/documents/d1/xrechnung.xml',
  },
];

afterEach(() => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
  vi.restoreAllMocks();
});

const PAYOUTS = [
  {
    month: '2026-10',
    statementNumber: 'VA-2026-00001',
    salesGrossCents: 2550,
    deductionsCents: 1621,
    payoutCents: 929,
    state: 'transferred',
    day: '2026-11-12',
    offsetInMonth: null,
  },
];

function stub({
  documents = DOCUMENTS,
  payouts = PAYOUTS,
  iban = 'DE89 **** **** **** **30 00' as string | null,
} = {}) {
  return stubFetch((url) => {
    if (url === '/api/vendor-auth/login')
      return jsonResponse(200, { success: true, token: 'T'.repeat(43), user: USER });
    if (url === '/api/vendor-auth/documents')
      return jsonResponse(200, { success: true, documents });
    if (url === '/api/vendor-auth/payouts')
      return jsonResponse(200, { success: true, months: payouts });
    if (url === `/api/vendor-auth/profile/${USER.id}`)
      return jsonResponse(200, {
        success: true,
        profile: ownProfile(USER, { ibanMasked: iban }),
      });
    if (url.endsWith('/pdf')) return new Response('%PDF-1.3', { status: 200 });
    if (url === '/api/vendor-auth/documents/d1/xrechnung.xml')
      return new Response('<rsm:CrossIndustryInvoice/>', { status: 200 });
    if (url.endsWith('/xrechnung.xml'))
      return jsonResponse(404, {
        success: false,
        message: 'Zum Beleg ST-2026-00001 gibt es keine E-Rechnung',
      });
    return jsonResponse(500, { success: false, message: 'Interner Fehler' });
  });
}

describe('the producer’s documents', () => {
  it('Rechnungen lists the invoices and their cancellations and downloads the PDF', async () => {
    const calls = stub();
    URL.createObjectURL = vi.fn(() => 'blob:beleg');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<HousnkuhInvoicesPage />);

    expect(await screen.findByRole('heading', { name: 'Rechnung RE-2026-00001' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Storno ST-2026-00001' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /VA-2026-00001/ })).toBeNull();
    expect(screen.getByText(/storniert durch ST-2026-00001/)).toBeVisible();
    expect(screen.getByText('13,12 €')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'PDF RE-2026-00001' }));
    await vi.waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/vendor-auth/documents/d1/pdf'),
    );
    await vi.waitFor(() => expect(save).toHaveBeenCalled());

    // the invoice's e-invoice, the XML alone; a statement has none
    await userEvent.click(screen.getByRole('button', { name: 'XRechnung RE-2026-00001' }));
    await vi.waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/vendor-auth/documents/d1/xrechnung.xml'),
    );
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    // one the server has none for: its words
    await userEvent.click(screen.getByRole('button', { name: 'XRechnung ST-2026-00001' }));
    expect(
      await screen.findByText('Zum Beleg ST-2026-00001 gibt es keine E-Rechnung'),
    ).toBeVisible();
  });

  it('Verkaufsabrechnungen lists the statements with their receipt lines', async () => {
    stub({ payouts: [] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<CustomerInvoicesPage />);

    expect(
      await screen.findByRole('heading', { name: 'Verkaufsabrechnung VA-2026-00001' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: /RE-2026-00001/ })).toBeNull();
    expect(screen.getByText('20,88 €')).toBeVisible();
    await userEvent.click(screen.getByText('Kassenzeilen (1)'));
    const table = screen.getByRole('table', { name: 'Kassenzeilen der Abrechnung VA-2026-00001' });
    expect(within(table).getByText('Blütenhonig 500 g')).toBeVisible();
    expect(within(table).getByText('02.10.2026')).toBeVisible();
    expect(within(table).getByText('10,00 €')).toBeVisible();
  });

  it('a statement says its money first and where the payout stands: überwiesen am …', async () => {
    stub();
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<CustomerInvoicesPage />);
    const item = (
      await screen.findByRole('heading', { name: 'Verkaufsabrechnung VA-2026-00001' })
    ).closest('li')!;
    await vi.waitFor(() => expect(item).toHaveTextContent('überwiesen am 12.11.2026'));
    expect(item).toHaveTextContent(/Verkäufe 25,50\s€ · Abzüge 16,21\s€ · Auszahlung: 9,29\s€/);
    // the receipt number never breaks
    expect(within(item).getByText('VA-2026-00001')).toHaveClass('whitespace-nowrap');
    // with an IBAN, no notice
    expect(screen.queryByRole('link', { name: 'IBAN jetzt eintragen' })).toBeNull();
  });

  it('a payout still to come: "wird bis 15.12. überwiesen"; without an IBAN a link straight to it', async () => {
    stub({
      documents: DOCUMENTS.map((document) => ({ ...document, month: '2026-11' })),
      payouts: [{ ...PAYOUTS[0]!, month: '2026-11', state: 'pending', day: '2026-12-15' }],
      iban: null,
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<CustomerInvoicesPage />);
    expect(await screen.findByText('wird bis 15.12. überwiesen')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'IBAN jetzt eintragen' })).toHaveAttribute(
      'href',
      '/vendor/profile#bankverbindung',
    );
  });

  it('the empty Rechnungen page says when the first one comes', async () => {
    stub({ documents: [], payouts: [] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<HousnkuhInvoicesPage />);
    expect(
      await screen.findByText(/Du hast noch keine Rechnungen\. Die erste kommt Anfang des Monats/),
    ).toBeVisible();
  });
});
