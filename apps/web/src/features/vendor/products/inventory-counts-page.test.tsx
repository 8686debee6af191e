import type { VendorCount, VendorCountLine } from '@housnkuh/shared/schemas/inventory';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { InventoryCountsPage } from './inventory-counts-page';
import { STOCK_USER, stockContract } from './test-stock';

// The producer's counts (issue 33, docs/decisions/0069): per count and product what the shop
// expected, counted and found missing, and the theft refund as settled or planned, or why none.

function line(fields: Partial<VendorCountLine> & Pick<VendorCountLine, 'id'>): VendorCountLine {
  return {
    productId: 'p1',
    productName: 'Waldhonig 500 g',
    unit: 'Glas',
    place: 'shelf',
    expected: 9,
    counted: 7,
    shrinkage: 2,
    refundable: 2,
    refundCents: 1100,
    settledRefundCents: 0,
    settledMonths: [],
    plannedMonth: '2026-10',
    beforeFirstMonth: null,
    premium: true,
    causedByProducer: null,
    corrected: false,
    ...fields,
  };
}

const PREMIUM_COUNTS: VendorCount[] = [
  {
    id: 'k3',
    countedAt: '2026-11-20T17:00:00.000Z',
    lines: [
      // a late sale lowered a refund October's statement paid
      line({
        id: 'a',
        refundCents: 550,
        settledRefundCents: 1100,
        settledMonths: ['2026-10'],
        plannedMonth: null,
      }),
      line({
        id: 'b',
        productName: 'Rapshonig',
        expected: 5,
        counted: 6,
        shrinkage: -1,
        refundable: 0,
        refundCents: 0,
        plannedMonth: null,
      }),
      line({
        id: 'c',
        productName: 'Bergkäse',
        unit: 'kg',
        place: 'storeroom',
        expected: 1.5,
        counted: 1.25,
        shrinkage: 0.25,
        refundable: 0,
        refundCents: 0,
        plannedMonth: null,
        causedByProducer: 'Falsch gelagert',
      }),
    ],
  },
  {
    id: 'k2',
    countedAt: '2026-10-15T17:00:00.000Z',
    lines: [
      line({ id: 'd', settledRefundCents: 1100, settledMonths: ['2026-10'], plannedMonth: null }),
      // the producer's delivery was not confirmed yet: only 1 of 3 jars refunded
      line({
        id: 'e',
        productName: 'Blütenhonig',
        expected: 10,
        counted: 7,
        shrinkage: 3,
        refundable: 1,
        refundCents: 550,
      }),
      line({
        id: 'f',
        productName: 'Lindenhonig',
        shrinkage: 1,
        counted: 8,
        refundable: 0,
        refundCents: 0,
        plannedMonth: null,
      }),
      line({
        id: 'g',
        productName: 'Akazienhonig',
        corrected: true,
        shrinkage: 2,
        refundCents: 0,
        refundable: 2,
        plannedMonth: null,
      }),
    ],
  },
  {
    // before "Abrechnung ab" (October): none of these settlements carries it
    id: 'k0',
    countedAt: '2026-09-20T16:00:00.000Z',
    lines: [
      line({
        id: 'z',
        productName: 'Tannenhonig',
        plannedMonth: null,
        beforeFirstMonth: '2026-10',
      }),
    ],
  },
];

const BASIC_COUNTS: VendorCount[] = [
  {
    id: 'k1',
    countedAt: '2026-10-15T17:00:00.000Z',
    lines: [line({ id: 'h', premium: false, refundable: 0, refundCents: 0, plannedMonth: null })],
  },
];

/** The server: the contracts and the counts, `perPage` a page. */
function shop(model: 'basic' | 'premium', counts: VendorCount[], perPage = 10) {
  const requested: string[] = [];
  stubFetch((url) => {
    if (url === '/api/vendor-auth/contracts')
      return jsonResponse(200, { success: true, contracts: [stockContract(model, false)] });
    if (url.startsWith('/api/vendor-auth/inventory-counts?')) {
      requested.push(url);
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse(200, {
        success: true,
        counts: counts.slice((page - 1) * perPage, page * perPage),
        pagination: {
          page,
          limit: perPage,
          totalCount: counts.length,
          totalPages: Math.max(1, Math.ceil(counts.length / perPage)),
        },
      });
    }
    return jsonResponse(500, { success: false, message: 'Interner Fehler' });
  });
  return requested;
}

afterEach(() => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
});

/** A count line's figures as the page shows them: "Erwartet 9 Glas" … */
function figures(item: HTMLElement) {
  const terms = within(item)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(item)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
}

describe('the counts page', () => {
  it('a Premium producer: its shrinkage per count, the refund as paid or coming, and why none', async () => {
    shop('premium', PREMIUM_COUNTS);
    saveVendorSession('T'.repeat(43), STOCK_USER);
    renderWithRouter(<InventoryCountsPage />, { path: '/vendor/products/inventuren' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventuren' })).toBeVisible();
    const note = await screen.findByRole('complementary', {
      name: 'Diebstahlschutz im Premium-Modell',
    });
    expect(note).toHaveTextContent('abzüglich 7 % Provision');
    expect(screen.queryByText('Du bist im Basismodell.')).toBeNull();

    const november = await screen.findByRole('region', {
      name: 'Inventur vom 20.11.2026, 18:00 Uhr',
    });
    expect(
      figures(within(november).getByRole('listitem', { name: 'Waldhonig 500 g (Regal)' })),
    ).toEqual({
      Erwartet: '9 Glas',
      Gezählt: '7 Glas',
      Fehlbestand: '2 Glas fehlen',
      Erstattung:
        '5,50 € – erstattet wurden 11,00 € (Oktober 2026); die Korrektur von −5,50 € kommt mit der nächsten Abrechnung',
    });
    expect(
      figures(within(november).getByRole('listitem', { name: 'Rapshonig (Regal)' })),
    ).toMatchObject({
      Fehlbestand: 'keiner – 1 Glas mehr gefunden',
      Erstattung: 'keine (kein Fehlbestand)',
    });
    expect(
      figures(within(november).getByRole('listitem', { name: 'Bergkäse (Lager)' })),
    ).toMatchObject({
      Erwartet: '1,500 kg',
      Gezählt: '1,250 kg',
      Fehlbestand: '0,250 kg fehlen',
      Erstattung: 'keine – vom Direktvermarkter verursacht: Falsch gelagert',
    });

    const october = screen.getByRole('region', { name: 'Inventur vom 15.10.2026, 19:00 Uhr' });
    const item = (name: string) => figures(within(october).getByRole('listitem', { name }));
    expect(item('Waldhonig 500 g (Regal)').Erstattung).toBe(
      '11,00 € – erstattet mit der Abrechnung für Oktober 2026',
    );
    expect(item('Blütenhonig (Regal)')).toMatchObject({
      Fehlbestand: '3 Glas fehlen',
      Erstattung:
        '5,50 € (für 1 Glas: nur vom Laden bestätigte Ware wird erstattet) – kommt mit der Abrechnung für Oktober 2026',
    });
    expect(item('Lindenhonig (Regal)')).toMatchObject({
      Fehlbestand: '1 Glas fehlt',
      Erstattung:
        'keine – die fehlende Ware war nicht vom Laden bestätigt (nur bestätigte Lieferungen werden erstattet)',
    });
    const corrected = within(october).getByRole('listitem', { name: 'Akazienhonig (Regal)' });
    expect(corrected).toHaveTextContent('Durch eine spätere Zählung korrigiert');
    expect(figures(corrected).Erstattung).toBe('keine – durch eine spätere Zählung ersetzt');

    const september = screen.getByRole('region', { name: 'Inventur vom 20.09.2026, 18:00 Uhr' });
    expect(
      figures(within(september).getByRole('listitem', { name: 'Tannenhonig (Regal)' })).Erstattung,
    ).toBe(
      '11,00 € – nicht mit diesen Abrechnungen: die Inventur liegt vor Oktober 2026, dem ersten Monat, den sie abrechnen; frag dazu bitte im Laden nach',
    );
    // one page: no paging
    expect(screen.queryByRole('navigation', { name: 'Seiten der Inventuren' })).toBeNull();
  });

  it('a Basismodell producer: the shrinkage without refund, and what the Premium-Modell would do', async () => {
    shop('basic', BASIC_COUNTS);
    saveVendorSession('T'.repeat(43), STOCK_USER);
    renderWithRouter(<InventoryCountsPage />, { path: '/vendor/products/inventuren' });
    const note = await screen.findByRole('complementary', { name: 'Bestand im Basismodell' });
    expect(note).toHaveTextContent('erstattet wird er im Basismodell nicht');
    expect(within(note).getByRole('link', { name: 'Zum Premium-Modell wechseln' })).toHaveAttribute(
      'href',
      '/vendor/upgrade',
    );
    const item = await screen.findByRole('listitem', { name: 'Waldhonig 500 g (Regal)' });
    expect(figures(item)).toEqual({
      Erwartet: '9 Glas',
      Gezählt: '7 Glas',
      Fehlbestand: '2 Glas fehlen',
      Erstattung: 'keine – am Tag der Inventur galt nicht das Premium-Modell',
    });
    expect(
      screen.queryByRole('complementary', { name: 'Diebstahlschutz im Premium-Modell' }),
    ).toBeNull();
  });

  it('no counts yet; several pages one after the other', async () => {
    shop('premium', []);
    saveVendorSession('T'.repeat(43), STOCK_USER);
    const first = renderWithRouter(<InventoryCountsPage />, {
      path: '/vendor/products/inventuren',
    });
    expect(
      await screen.findByText(
        'Der Laden hat noch keine Inventur mit deinen Produkten eingetragen.',
      ),
    ).toBeVisible();
    first.unmount();

    const user = userEvent.setup();
    const requested = shop('premium', PREMIUM_COUNTS.slice(0, 2), 1);
    renderWithRouter(<InventoryCountsPage />, { path: '/vendor/products/inventuren' });
    const pages = await screen.findByRole('navigation', { name: 'Seiten der Inventuren' });
    expect(pages).toHaveTextContent('Seite 1 von 2');
    expect(within(pages).getByRole('button', { name: 'Neuere' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Ältere' }));
    expect(
      await screen.findByRole('region', { name: 'Inventur vom 15.10.2026, 19:00 Uhr' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Inventur vom 20.11.2026, 18:00 Uhr' })).toBeNull();
    expect(pages).toHaveTextContent('Seite 2 von 2');
    expect(requested).toEqual([
      '/api/vendor-auth/inventory-counts?page=1&limit=10',
      '/api/vendor-auth/inventory-counts?page=2&limit=10',
    ]);
  });
});
