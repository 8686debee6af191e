import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { AdminInventurPage } from './inventur-page';
import { parseQuantity } from '../../../lib/stock-quantities';

const ADMIN_USER = { id: 'a1', username: 'eva', name: 'Eva Muster', isAdmin: true };
const V1 = '11111111-1111-4111-8111-111111111111';
const HONEY = '22222222-2222-4222-8222-222222222222';
const CHEESE = '33333333-3333-4333-8333-333333333333';
const D1 = '44444444-4444-4444-8444-444444444441';
const D2 = '44444444-4444-4444-8444-444444444442';
const D3 = '44444444-4444-4444-8444-444444444443';

const delivery = (id: string, productName: string, quantity: number, occurredAt: string) => ({
  id,
  productId: productName === 'Waldhonig 500 g' ? HONEY : CHEESE,
  kind: 'delivery',
  place: 'shelf',
  quantity,
  occurredAt,
  recordedBy: 'Imkerei Biene',
  note: null,
  confirmedAt: null,
  confirmedBy: null,
  productName,
  unit: productName === 'Waldhonig 500 g' ? 'Glas' : 'kg',
  vendorId: V1,
  vendorName: 'Imkerei Biene',
});

const product = (id: string, name: string, unit: string, stock: number, restockLevel: number) => ({
  id,
  name,
  beschreibung: null,
  priceCents: 600,
  unit,
  vatRate: 7,
  ean: '2000000001418',
  eanInStore: true,
  isActive: true,
  inhalt: null,
  inhaltEinheit: null,
  basePrice: null,
  deposit: null,
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
  stock,
  storeRoomStock: 0,
  restockLevel,
  storeRoomRestockLevel: null,
  vendorId: V1,
  vendorName: 'Imkerei Biene',
  vendorUnternehmen: null,
});

const UNIT = {
  id: 'u1',
  name: 'Regal A1',
  optionId: 'regal',
  standort: null,
  groesse: null,
  beschreibung: null,
  priceCents: 3500,
  isActive: true,
  state: 'occupied',
  occupiedUntil: null,
  holder: {
    contractId: 'c1',
    number: 'V-1',
    vendorId: V1,
    vendorName: 'Imkerei Biene',
    fromDate: '2026-10-01',
  },
};

function shop(options: { countAnswer?: unknown } = {}) {
  const posts: { url: string; body: unknown }[] = [];
  let deliveries = [
    delivery(D1, 'Waldhonig 500 g', 12, '2026-10-14T07:00:00.000Z'),
    delivery(D2, 'Bergkäse', 1.25, '2026-10-14T08:00:00.000Z'),
    delivery(D3, 'Waldhonig 500 g', 6, '2026-10-15T07:00:00.000Z'),
  ];
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { movementIds?: string[] };
      posts.push({ url, body });
      if (url.includes('/deliveries/confirm')) {
        deliveries = deliveries.filter((d) => !body.movementIds!.includes(d.id));
        const n = body.movementIds!.length;
        return jsonResponse(200, {
          success: true,
          message: n === 1 ? 'Die Lieferung ist bestätigt.' : `${n} Lieferungen sind bestätigt.`,
          confirmed: n,
        });
      }
      if (url.includes('/inventory-counts')) return jsonResponse(200, options.countAnswer);
    }
    if (url.includes('/inventory/deliveries'))
      return jsonResponse(200, { success: true, deliveries });
    if (url.includes('/admin/mietfaecher'))
      return jsonResponse(200, { success: true, mietfaecher: [UNIT], occupancy: [] });
    if (url.includes('/stock'))
      return jsonResponse(200, {
        success: true,
        message: 'Der Bestand ist eingetragen.',
        product: product(CHEESE, 'Bergkäse', 'kg', 0.25, 0.5),
        movement: {
          id: D1,
          productId: CHEESE,
          kind: 'delivery',
          place: 'storeroom',
          quantity: 1.5,
          occurredAt: '2026-10-15T08:00:00.000Z',
          recordedBy: 'Eva Muster',
          note: null,
          confirmedAt: '2026-10-15T08:00:00.000Z',
          confirmedBy: 'Eva Muster',
        },
      });
    if (url.includes('/admin/products'))
      return jsonResponse(200, {
        success: true,
        products: [
          product(HONEY, 'Waldhonig 500 g', 'Glas', 9, 2),
          product(CHEESE, 'Bergkäse', 'kg', 0.25, 0.5),
        ],
        pagination: { page: 1, limit: 100, totalCount: 2, totalPages: 1 },
        vatRates: [],
      });
    return jsonResponse(404, { success: false, message: 'unbekannt' });
  });
  localStorage.setItem('adminToken', 'token-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
  renderWithRouter(null, {
    path: '/admin/inventur',
    routes: [{ path: '/admin/inventur', element: <AdminInventurPage /> }],
  });
  return posts;
}

afterEach(() => clearAdminSession());

describe('the admin’s Inventur page', () => {
  it('groups the unconfirmed deliveries by day and producer and confirms one, then a day’s', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const first = await screen.findByRole('list', {
      name: 'Lieferungen von Imkerei Biene am 14.10.2026',
    });
    expect(within(first).getAllByRole('listitem')).toHaveLength(2);
    expect(within(first).getByText(/Bergkäse: 1,250 kg ins Regal/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Lieferung Waldhonig 500 g (6 Glas) bestätigen' }),
    );
    expect(await screen.findByText('Die Lieferung ist bestätigt.')).toBeVisible();
    expect(
      screen.queryByRole('list', { name: 'Lieferungen von Imkerei Biene am 15.10.2026' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Alle vom 14.10.2026 bestätigen (2)' }));
    expect(await screen.findByText('2 Lieferungen sind bestätigt.')).toBeVisible();
    expect(await screen.findByText('Keine Lieferungen zu bestätigen.')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([
      { movementIds: [D3] },
      { movementIds: [D1, D2] },
    ]);
  });

  it('counts a unit: the producer’s tracked products, numbers with a comma, each line’s refund and why', async () => {
    const user = userEvent.setup();
    const line = (
      productId: string,
      productName: string,
      figures: { expected: number; counted: number; refundCents: number },
      causedByProducer: string | null = null,
    ) => ({
      id: `l-${productId}`,
      productId,
      productName,
      place: 'shelf',
      ...figures,
      shrinkage: figures.expected - figures.counted,
      causedByProducer,
    });
    const posts = shop({
      countAnswer: {
        success: true,
        message: 'Die Inventur ist eingetragen.',
        count: {
          id: 'k1',
          countedAt: '2026-10-15T08:00:00.000Z',
          lines: [
            line(HONEY, 'Waldhonig 500 g', { expected: 9, counted: 7, refundCents: 1100 }),
            line(
              CHEESE,
              'Bergkäse',
              { expected: 0.25, counted: 0.2, refundCents: 0 },
              'Falsch gelagert',
            ),
          ],
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Mietfach'), 'u1');
    const honey = await screen.findByLabelText('Gezählt: Waldhonig 500 g (Glas)');
    await user.type(honey, '7');
    await user.type(screen.getByLabelText('Gezählt: Bergkäse (kg)'), '0,2');
    const boxes = screen.getAllByRole('checkbox', { name: 'vom Direktvermarkter verursacht' });
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('button', { name: 'Inventur eintragen' }));
    // a difference marked as the producer's needs its reason: nothing is sent without it
    expect(
      (
        await screen.findAllByText(
          'Bitte gib an, warum der Fehlbestand vom Direktvermarkter verursacht ist.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(posts).toEqual([]);
    await user.type(screen.getByLabelText('Grund: Bergkäse'), 'Falsch gelagert');
    await user.click(screen.getByRole('button', { name: 'Inventur eintragen' }));
    const table = await screen.findByRole('table', { name: 'Ergebnis der Inventur' });
    const honeyRow = within(table).getByRole('row', { name: /Waldhonig/ });
    expect(honeyRow).toHaveTextContent('9 Glas7 Glas-2 Glas11,00 €');
    expect(honeyRow).toHaveTextContent('Premium-Modell');
    const cheeseRow = within(table).getByRole('row', { name: /Bergkäse/ });
    expect(cheeseRow).toHaveTextContent('0,250 kg0,200 kg-0,050 kg0,00 €');
    expect(cheeseRow).toHaveTextContent('vom Direktvermarkter verursacht (Falsch gelagert)');
    expect(posts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/inventory-counts$/),
        body: {
          counts: [
            { productId: HONEY, quantity: 7 },
            { productId: CHEESE, quantity: 0.2, causedByProducer: 'Falsch gelagert' },
          ],
        },
      },
    ]);
  });

  it('lists the units whose goods are empty or nearly and records the shop’s own delivery', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const low = await screen.findByRole('list', { name: 'Fast leer in Regal A1' });
    // the cheese (0,25 kg, level 0,5 kg) is low, the honey (9, level 2) is not
    expect(
      within(low).getByText(/Bergkäse: 0,250 kg im Regal \(Meldebestand 0,500 kg\)/),
    ).toBeVisible();
    expect(within(low).queryByText(/Waldhonig/)).toBeNull();
    await user.click(within(low).getByRole('button', { name: 'Bestand eintragen: Bergkäse' }));
    const form = screen.getByRole('form', { name: 'Bestand eintragen: Bergkäse' });
    await user.type(within(form).getByLabelText('Menge (kg)'), '1,5');
    await user.selectOptions(
      within(form).getByLabelText('Ort (Lieferung und Verderb)'),
      'storeroom',
    );
    await user.click(within(form).getByRole('button', { name: 'Eintragen' }));
    expect(await within(form).findByText('Der Bestand ist eingetragen.')).toBeVisible();
    expect(posts).toEqual([
      {
        url: expect.stringMatching(
          /\/admin\/products\/33333333-3333-4333-8333-333333333333\/stock$/,
        ),
        body: { kind: 'delivery', quantity: 1.5, place: 'storeroom' },
      },
    ]);
  });
});

describe('parseQuantity', () => {
  it('reads whole numbers and a comma, and nothing else', () => {
    expect(parseQuantity('7')).toBe(7);
    expect(parseQuantity(' 0,352 ')).toBe(0.352);
    expect(parseQuantity('')).toBeNaN();
    expect(parseQuantity('sieben')).toBeNaN();
    expect(parseQuantity('-1')).toBeNaN();
  });
});
