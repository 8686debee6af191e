import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminInventurPage } from './inventur-page';
import { parseQuantity } from '../../../lib/stock-quantities';

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

const product = (
  id: string,
  name: string,
  unit: string,
  stock: number,
  restockLevel: number,
  storeRoomStock = 0,
) => ({
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
  storeRoomStock,
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
    storageService: true,
  },
};

/** A line of the counts' history. */
const historyLine = (
  id: string,
  productId: string,
  productName: string,
  unit: string,
  figures: { expected: number; counted: number; refundCents: number },
  more: Partial<{
    causedByProducer: string | null;
    correctsLineId: string | null;
    correctionReason: string | null;
    supersededBy: string | null;
    place: 'shelf' | 'storeroom';
  }> = {},
) => ({
  id,
  productId,
  productName,
  place: 'shelf',
  ...figures,
  shrinkage: Math.round((figures.expected - figures.counted) * 1000) / 1000,
  causedByProducer: null,
  unit,
  vendorId: V1,
  vendorName: 'Imkerei Biene',
  correctsLineId: null,
  correctionReason: null,
  supersededBy: null,
  ...more,
});

const COUNT = {
  id: 'k1',
  countedAt: '2026-10-15T16:00:00.000Z',
  recordedAt: '2026-10-15T16:05:00.000Z',
  recordedBy: 'Eva Muster',
  note: null,
  lines: [
    historyLine('l1', HONEY, 'Waldhonig 500 g', 'Glas', {
      expected: 9,
      counted: 7,
      refundCents: 1100,
    }),
    historyLine(
      'l2',
      CHEESE,
      'Bergkäse',
      'kg',
      { expected: 1.5, counted: 1.25, refundCents: 0 },
      { place: 'storeroom' },
    ),
  ],
};

function shop(options: { countAnswer?: unknown; unit?: typeof UNIT } = {}) {
  const posts: { url: string; body: unknown }[] = [];
  let counts: unknown[] = [COUNT];
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
      if (url.includes('/correction')) {
        const input = body as unknown as {
          quantity: number;
          reason: string;
          causedByProducer?: string;
        };
        const correction = historyLine(
          'l3',
          HONEY,
          'Waldhonig 500 g',
          'Glas',
          { expected: 9, counted: input.quantity, refundCents: 0 },
          {
            correctsLineId: 'l1',
            correctionReason: input.reason,
            causedByProducer: input.causedByProducer ?? null,
          },
        );
        const corrected = { ...COUNT.lines[0]!, refundCents: 0, supersededBy: 'l3' };
        const entry = {
          ...COUNT,
          id: 'k2',
          recordedAt: '2026-11-05T09:00:00.000Z',
          lines: [correction],
        };
        counts = [entry, { ...COUNT, lines: [corrected, COUNT.lines[1]] }];
        return jsonResponse(200, {
          success: true,
          message: 'Die Korrektur ist eingetragen.',
          corrected,
          correction: entry,
        });
      }
      if (url.includes('/inventory-counts')) return jsonResponse(200, options.countAnswer);
    }
    if (url.includes('/admin/inventory-counts'))
      return jsonResponse(200, {
        success: true,
        counts,
        pagination: { page: 1, limit: 10, totalCount: counts.length, totalPages: 1 },
      });
    if (url.includes('/inventory/deliveries'))
      return jsonResponse(200, { success: true, deliveries });
    if (url.includes('/admin/mietfaecher'))
      return jsonResponse(200, {
        success: true,
        mietfaecher: [options.unit ?? UNIT],
        occupancy: [],
      });
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
          product(HONEY, 'Waldhonig 500 g', 'Glas', 9, 2, 4),
          product(CHEESE, 'Bergkäse', 'kg', 0.25, 0.5),
        ],
        pagination: { page: 1, limit: 100, totalCount: 2, totalPages: 1 },
        vatRates: [],
      });
    return jsonResponse(404, { success: false, message: 'unbekannt' });
  });
  signInAdmin();
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
            { productId: HONEY, place: 'shelf', quantity: 7 },
            {
              productId: CHEESE,
              place: 'shelf',
              quantity: 0.2,
              causedByProducer: 'Falsch gelagert',
            },
          ],
        },
      },
    ]);
  });

  it('counts the store room: the store room’s expected stock, the place sent', async () => {
    const user = userEvent.setup();
    const posts = shop({
      countAnswer: {
        success: true,
        message: 'Die Inventur ist eingetragen.',
        count: {
          id: 'k3',
          countedAt: '2026-10-15T08:00:00.000Z',
          lines: [
            {
              id: 'l-s',
              productId: HONEY,
              productName: 'Waldhonig 500 g',
              place: 'storeroom',
              expected: 4,
              counted: 4,
              shrinkage: 0,
              refundCents: 0,
              causedByProducer: null,
            },
          ],
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Mietfach'), 'u1');
    await screen.findByLabelText('Gezählt: Waldhonig 500 g (Glas)');
    expect(screen.getAllByText(/^Erwartet im Regal:/)).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'im Lager' }));
    const form = await screen.findByRole('form', { name: 'Inventur Regal A1 (Lager)' });
    expect(within(form).getByText('Erwartet im Lager: 4 Glas')).toBeVisible();
    await user.type(within(form).getByLabelText('Gezählt: Waldhonig 500 g (Glas)'), '4');
    await user.type(within(form).getByLabelText('Gezählt: Bergkäse (kg)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Inventur eintragen' }));
    expect(await screen.findByText('Regal A1, gezählt im Lager.')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([
      {
        counts: [
          { productId: HONEY, place: 'storeroom', quantity: 4 },
          { productId: CHEESE, place: 'storeroom', quantity: 0 },
        ],
      },
    ]);
  });

  it('shows the counts so far and corrects a line: a new count with a reason, the producer’s cause marked', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const history = await screen.findByRole('list', { name: 'Bisherige Inventuren' });
    const table = within(history).getByRole('table', { name: /^Inventur vom 15\.10\.2026/ });
    const honeyRow = within(table).getByRole('row', { name: /Waldhonig/ });
    expect(honeyRow).toHaveTextContent(
      'Imkerei BieneWaldhonig 500 gRegal9 Glas7 Glas-2 Glas11,00 €',
    );
    const cheeseRow = within(table).getByRole('row', { name: /Bergkäse/ });
    expect(cheeseRow).toHaveTextContent('Lager1,500 kg1,250 kg-0,250 kg0,00 €');

    await user.click(
      within(honeyRow).getByRole('button', { name: /^Korrigieren: Waldhonig 500 g \(Regal\)/ }),
    );
    const form = screen.getByRole('form', { name: /^Zählung korrigieren: Waldhonig 500 g/ });
    expect(within(form).getByLabelText('Richtig gezählt (Glas)')).toHaveValue('7');
    // the reason is required, and so is the cause's when the difference is the producer's
    await user.click(
      within(form).getByRole('checkbox', { name: 'vom Direktvermarkter verursacht' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Korrektur eintragen' }));
    expect(
      (await within(form).findAllByText('Bitte gib an, warum die Zählung korrigiert wird.')).length,
    ).toBeGreaterThan(0);
    expect(posts).toEqual([]);
    await user.type(within(form).getByLabelText('Grund der Korrektur'), 'Nachträglich geklärt');
    await user.click(within(form).getByRole('button', { name: 'Korrektur eintragen' }));
    expect(
      (
        await within(form).findAllByText(
          'Bitte gib an, warum der Fehlbestand vom Direktvermarkter verursacht ist.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(posts).toEqual([]);
    await user.type(
      within(form).getByLabelText('Grund (steht auf der Abrechnung)'),
      'Gläser beim Einräumen zerbrochen',
    );
    await user.click(within(form).getByRole('button', { name: 'Korrektur eintragen' }));
    expect(
      await within(form).findByText(
        'Die Korrektur ist eingetragen. Waldhonig 500 g: gezählt 7 Glas, Differenz -2 Glas, Erstattung 0,00 €.',
      ),
    ).toBeVisible();
    expect(posts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/inventory-counts\/lines\/l1\/correction$/),
        body: {
          quantity: 7,
          reason: 'Nachträglich geklärt',
          causedByProducer: 'Gläser beim Einräumen zerbrochen',
        },
      },
    ]);
    // the history again: the correction above, the corrected line replaced (no refund, no button)
    const correction = await within(history).findByRole('table', {
      name: /^Korrektur der Inventur vom 15\.10\.2026/,
    });
    expect(within(correction).getByRole('row', { name: /Waldhonig/ })).toHaveTextContent(
      'Korrektur: Nachträglich geklärt; vom Direktvermarkter verursacht: Gläser beim Einräumen zerbrochen',
    );
    const replaced = within(
      within(history).getByRole('table', { name: /^Inventur vom 15\.10\.2026/ }),
    ).getByRole('row', { name: /Waldhonig/ });
    expect(replaced).toHaveTextContent('0,00 €korrigiert (die Korrektur steht darüber)');
    expect(within(replaced).queryByRole('button', { name: /^Korrigieren/ })).toBeNull();
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

describe('the store room without the storage service', () => {
  it('offers only the shelf and says why', async () => {
    const user = userEvent.setup();
    shop({ unit: { ...UNIT, holder: { ...UNIT.holder, storageService: false } } });
    const low = await screen.findByRole('list', { name: 'Fast leer in Regal A1' });
    // no store room goods and no service: no "im Lager" figure either
    expect(
      within(low).getByText(/^Bergkäse: 0,250 kg im Regal \(Meldebestand 0,500 kg\)$/),
    ).toBeVisible();
    await user.click(within(low).getByRole('button', { name: 'Bestand eintragen: Bergkäse' }));
    const form = screen.getByRole('form', { name: 'Bestand eintragen: Bergkäse' });
    const place = within(form).getByLabelText('Ort (Lieferung und Verderb)');
    expect(
      within(place)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Regal']);
    expect(place).toHaveAccessibleDescription(
      'Ins Lager liefert nur, wer den Lagerservice gebucht hat – dieser Direktvermarkter hat ihn nicht.',
    );
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
