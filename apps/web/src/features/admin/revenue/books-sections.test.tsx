import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { ReconcileSection, VatTable } from './books-sections';

afterEach(() => {
  clearAdminSession();
  vi.restoreAllMocks();
});

describe('the month’s books on the Umsätze page', () => {
  it('shows the till against the settled sales and every line that explains the difference', async () => {
    const calls = stubFetch((url) =>
      url === '/api/admin/abrechnungen/2026-10/abgleich'
        ? jsonResponse(200, {
            success: true,
            month: '2026-10',
            status: 'final',
            tillGrossCents: 2600,
            tillLines: 3,
            settledSalesGrossCents: 2550,
            differenceCents: 50,
            explainedCents: 50,
            unexplainedCents: 0,
            groups: [
              {
                reason: 'own_sale',
                label: 'Eigener Verkauf des Ladens',
                count: 1,
                differenceCents: 50,
              },
            ],
            lines: [
              {
                id: 'l1',
                receiptId: 'B-7',
                position: 2,
                soldAt: '2026-10-11T08:00:00.000Z',
                articleText: 'Tragetasche',
                vatRateBp: 1900,
                grossCents: 50,
                differenceCents: 50,
                reason: 'own_sale',
                label: 'Eigener Verkauf des Ladens (19 %)',
              },
            ],
          })
        : jsonResponse(500, { success: false, message: 'Interner Fehler' }),
    );
    signInAdmin();
    renderWithRouter(<ReconcileSection month="2026-10" />);

    const section = await screen.findByRole('region', {
      name: 'Abgleich Oktober 2026: Kasse und abgerechnete Verkäufe',
    });
    expect(
      await within(section).findByText('Jeder Cent zwischen Kasse und Abrechnung ist erklärt.'),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('26,00');
    expect(section).toHaveTextContent('25,50');
    const row = within(section).getByRole('row', { name: /Tragetasche/ });
    expect(row).toHaveTextContent('B-7/2');
    expect(row).toHaveTextContent('19 %');
    expect(row).toHaveTextContent('Eigener Verkauf des Ladens (19 %)');
    expect(calls.map((c) => c.url)).toContain('/api/admin/abrechnungen/2026-10/abgleich');
  });

  it('lists the shop’s output VAT and the producers’ sales per rate', () => {
    const line = (vatRateBp: number, grossCents: number, netCents: number) => ({
      vatRateBp,
      grossCents,
      netCents,
      vatCents: grossCents - netCents,
    });
    render(
      <VatTable
        months={[
          {
            month: '2026-10',
            status: 'final',
            producers: 1,
            salesGrossCents: 2550,
            commissionNetCents: 102,
            commissionGrossCents: 121,
            rentGrossCents: 1500,
            servicesGrossCents: 0,
            invoicedNetCents: 1363,
            payoutsCents: 929,
            openItemsCents: 0,
            occupancy: [],
            vat: {
              invoices: [line(1900, 1621, 1363)],
              ownSales: [line(1900, 50, 42)],
              shop: [line(1900, 1671, 1405)],
              producers: [line(700, 1350, 1262), line(1900, 1200, 1008)],
            },
          },
        ]}
      />,
    );
    const row = screen.getByRole('row', { name: /Oktober 2026/ });
    expect(row).toHaveTextContent('19 %: netto 14,05 €, USt 2,66 €');
    expect(row).toHaveTextContent('19 %: netto 0,42 €, USt 0,08 €');
    expect(row).toHaveTextContent('7 %: netto 12,62 €, USt 0,88 €');
  });
});
