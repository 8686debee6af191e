import type { VendorMovement } from '@housnkuh/shared/schemas/inventory';
import type { Product } from '@housnkuh/shared/schemas/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearVendorSession, saveVendorSession } from '../../../lib/vendor-token';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { ProductsPage } from './products-page';
import { StockPage } from './stock-page';
import { STOCK_USER, stockContract } from './test-stock';

// The producer's stock pages (issue 33): the stock per place on the products page, restock
// levels, "Bestand führen", and the phone page that books a delivery, withdrawal or spoilage.

const USER = STOCK_USER;

const BASE: Product = {
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
  stock: null,
  storeRoomStock: null,
  restockLevel: null,
  storeRoomRestockLevel: null,
  lastDeliveryAt: null,
  soldSinceLastDelivery: null,
};
const HONEY: Product = {
  ...BASE,
  stock: 7,
  storeRoomStock: 4,
  restockLevel: 2,
  lastDeliveryAt: '2026-11-20T08:30:00.000Z',
  soldSinceLastDelivery: 5,
};
const CHEESE: Product = {
  ...BASE,
  id: '8c1e2f00-0000-4000-8000-000000000002',
  name: 'Bergkäse',
  unit: 'kg',
  ean: '2000000000022',
};

const contract = stockContract;

const PRODUCTS = { honey: HONEY, untracked: { ...BASE, id: 'p-untracked', name: 'Rapshonig' } };

/** A movement of the history as the server answers it. */
function movement(fields: Partial<VendorMovement> & Pick<VendorMovement, 'id' | 'kind'>) {
  return {
    place: 'shelf',
    quantity: 1,
    occurredAt: '2026-11-20T08:30:00.000Z',
    day: null,
    lines: 1,
    recordedBy: 'vendor',
    note: null,
    confirmed: null,
    ...fields,
  } satisfies VendorMovement;
}

/** Blütenhonig's history, newest first: eleven, so a page of ten and one more. */
const HISTORY: VendorMovement[] = [
  movement({
    id: 'c',
    kind: 'count',
    quantity: 7,
    recordedBy: 'shop',
    occurredAt: '2026-11-27T17:00:00.000Z',
  }),
  movement({
    id: 't2',
    kind: 'return',
    quantity: 1,
    day: '2026-11-26',
    recordedBy: 'till',
    occurredAt: '2026-11-26T15:00:00.000Z',
  }),
  movement({
    id: 't1',
    kind: 'sale',
    quantity: -3,
    day: '2026-11-26',
    lines: 3,
    recordedBy: 'till',
    occurredAt: '2026-11-26T14:00:00.000Z',
  }),
  movement({
    id: 's',
    kind: 'spoilage',
    quantity: -1,
    recordedBy: 'shop',
    note: 'Deckel offen',
    occurredAt: '2026-11-25T09:00:00.000Z',
  }),
  movement({ id: 'w', kind: 'withdrawal', quantity: -2, occurredAt: '2026-11-24T09:00:00.000Z' }),
  movement({
    id: 'r',
    kind: 'refill',
    quantity: 2,
    recordedBy: 'shop',
    occurredAt: '2026-11-23T09:00:00.000Z',
  }),
  movement({
    id: 'd3',
    kind: 'delivery',
    place: 'storeroom',
    quantity: 4,
    recordedBy: 'shop',
    confirmed: true,
    occurredAt: '2026-11-22T09:00:00.000Z',
  }),
  movement({
    id: 'd2',
    kind: 'delivery',
    quantity: 12,
    confirmed: false,
    occurredAt: '2026-11-21T09:00:00.000Z',
  }),
  ...[20, 19, 18].map((day) =>
    movement({
      id: `d${day}`,
      kind: 'delivery',
      quantity: 1,
      confirmed: true,
      occurredAt: `2026-11-${day}T09:00:00.000Z`,
    }),
  ),
];

/** The server: a list, PATCH and the stock call (a withdrawal above the stock: 409). */
function shop(options: {
  model: 'basic' | 'premium';
  lagerservice: boolean;
  list: Product[];
  restockMail?: 'single' | 'daily';
}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let shelf = 0;
  let room = 0;
  let restockMail = options.restockMail ?? 'single';
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    if (method !== 'GET') calls.push({ url, method, body });
    if (url === '/api/vendor-auth/products/low-stock')
      return jsonResponse(200, { success: true, notices: [], restockMail });
    if (url === '/api/vendor-auth/products/restock-mail' && method === 'PUT') {
      restockMail = body!.mode as 'single' | 'daily';
      return jsonResponse(200, {
        success: true,
        message: 'Deine Einstellung zu den Nachfüll-Meldungen ist gespeichert.',
        restockMail,
      });
    }
    const history = /^\/api\/vendor-auth\/products\/([^/]+)\/movements\?(.*)$/.exec(url);
    if (history) {
      const product = options.list.find((item) => item.id === history[1])!;
      const query = new URLSearchParams(history[2]);
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const all = product.id === HONEY.id ? HISTORY : [];
      return jsonResponse(200, {
        success: true,
        product: { id: product.id, name: product.name, unit: product.unit },
        movements: all.slice((page - 1) * limit, page * limit),
        pagination: {
          page,
          limit,
          totalCount: all.length,
          totalPages: Math.max(1, Math.ceil(all.length / limit)),
        },
      });
    }
    if (url === '/api/vendor-auth/contracts')
      return jsonResponse(200, {
        success: true,
        contracts: [contract(options.model, options.lagerservice)],
      });
    if (url.startsWith('/api/vendor-auth/products?')) {
      const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
      const products = options.list.filter(
        (product) => !search || product.ean === search || product.name.includes(search),
      );
      return jsonResponse(200, {
        success: true,
        products,
        pagination: { page: 1, limit: 25, totalCount: products.length, totalPages: 1 },
        taxStatus: 'regelbesteuert',
        vatRates: [{ vatRate: 7, label: '7 %' }],
      });
    }
    const stock = /^\/api\/vendor-auth\/products\/([^/]+)\/stock$/.exec(url);
    if (stock && method === 'POST') {
      const product = options.list.find((item) => item.id === stock[1])!;
      const quantity = Number(body!.quantity);
      if (body!.kind !== 'delivery' && quantity > shelf)
        return jsonResponse(409, {
          success: false,
          message: `Im Regal sind nur ${shelf} ${product.unit} erfasst. Bitte prüfe die Menge.`,
        });
      if (body!.place === 'storeroom') room += quantity;
      else shelf += body!.kind === 'delivery' ? quantity : -quantity;
      return jsonResponse(200, {
        success: true,
        message: 'Der Bestand ist eingetragen.',
        product: { ...product, stock: shelf, storeRoomStock: room },
        movement: {
          id: 'm1',
          productId: product.id,
          kind: body!.kind,
          place: 'shelf',
          quantity: body!.kind === 'delivery' ? quantity : -quantity,
          occurredAt: '2026-11-28T09:00:00.000Z',
          recordedBy: 'Anna Huber',
          note: null,
          confirmedAt: null,
          confirmedBy: null,
        },
      });
    }
    const patch = /^\/api\/vendor-auth\/products\/([^/]+)$/.exec(url);
    if (patch && method === 'PATCH') {
      const product = options.list.find((item) => item.id === patch[1])!;
      return jsonResponse(200, { success: true, product: { ...product, ...body } });
    }
    return jsonResponse(500, { success: false, message: 'Interner Fehler' });
  });
  return calls;
}

afterEach(() => {
  stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
  clearVendorSession();
});

describe('the products page shows the stock', () => {
  it('per place with the last delivery and the sales since; levels editable; untracked: "Bestand führen"', async () => {
    const user = userEvent.setup();
    const calls = shop({
      model: 'premium',
      lagerservice: true,
      list: [PRODUCTS.honey, PRODUCTS.untracked],
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProductsPage />);

    const honey = await screen.findByRole('region', { name: 'Bestand: Blütenhonig' });
    expect(honey).toHaveTextContent(/Im Regal\s*7 Glas/);
    expect(honey).toHaveTextContent(/Im Lager\s*4 Glas/);
    expect(honey).toHaveTextContent(
      /Letzte Lieferung\s*20\.11\.2026, 09:30.*seitdem verkauft: 5 Glas/,
    );
    // a Premium producer reads no Basismodell note
    expect(screen.queryByText('Du bist im Basismodell.')).toBeNull();

    const shelfLevel = within(honey).getByLabelText('Meldebestand Regal (Glas)');
    expect(shelfLevel).toHaveValue('2');
    await user.clear(shelfLevel);
    await user.type(shelfLevel, '3');
    await user.type(within(honey).getByLabelText('Meldebestand Lager (Glas)'), '1,5');
    await user.click(within(honey).getByRole('button', { name: 'Meldebestand speichern' }));
    expect(await within(honey).findByText('Die Meldebestände sind gespeichert.')).toBeVisible();

    const rape = screen.getByRole('region', { name: 'Bestand: Rapshonig' });
    expect(rape).toHaveTextContent('Der Bestand wird nicht geführt.');
    await user.click(within(rape).getByRole('button', { name: 'Bestand führen: Rapshonig' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      {
        url: `/api/vendor-auth/products/${HONEY.id}`,
        method: 'PATCH',
        body: { restockLevel: 3, storeRoomRestockLevel: 1.5 },
      },
      {
        url: '/api/vendor-auth/products/p-untracked',
        method: 'PATCH',
        body: { stockTracked: true },
      },
    ]);
  });

  it('a restock level that is no number is refused beside its field, nothing sent', async () => {
    const user = userEvent.setup();
    const calls = shop({ model: 'premium', lagerservice: false, list: [PRODUCTS.honey] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProductsPage />);
    const honey = await screen.findByRole('region', { name: 'Bestand: Blütenhonig' });
    // without the storage service and no stock there: no store room's level
    expect(within(honey).queryByLabelText('Meldebestand Lager (Glas)')).toBeNull();
    const field = within(honey).getByLabelText('Meldebestand Regal (Glas)');
    await user.clear(field);
    await user.type(field, 'viele');
    await user.click(within(honey).getByRole('button', { name: 'Meldebestand speichern' }));
    expect(field).toHaveAccessibleDescription(
      'Der Meldebestand muss eine Zahl ab 0 sein (höchstens drei Nachkommastellen).',
    );
    expect(calls).toEqual([]);
  });

  it('a Basismodell producer reads that shrinkage is shown, not refunded, and where to change', async () => {
    shop({ model: 'basic', lagerservice: false, list: [PRODUCTS.honey] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<ProductsPage />);
    const note = await screen.findByRole('complementary', { name: 'Bestand im Basismodell' });
    expect(note).toHaveTextContent('erstattet wird er im Basismodell nicht');
    expect(note).toHaveTextContent('AGB § 8 Abs. 3');
    expect(within(note).getByRole('link', { name: 'Zum Premium-Modell wechseln' })).toHaveAttribute(
      'href',
      '/vendor/upgrade',
    );
  });
});

describe('the phone page "Bestand buchen"', () => {
  it('a scanned EAN chooses the product; 12 delivered, 2 taken, 20 refused beside the number', async () => {
    const user = userEvent.setup();
    const calls = shop({ model: 'basic', lagerservice: false, list: [PRODUCTS.untracked] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    expect(await screen.findByText('Du bist im Basismodell.')).toBeVisible();
    // jsdom has no BarcodeDetector: no camera offered
    expect(screen.queryByRole('button', { name: 'Mit der Kamera scannen' })).toBeNull();

    const book = async (kind: string, quantity: string) => {
      // a hand scanner types the EAN and sends Enter
      await user.type(screen.getByLabelText('EAN oder Name'), `${BASE.ean}{Enter}`);
      const form = await screen.findByRole('form', { name: 'Bestand buchen: Rapshonig' });
      // no storage service and nothing there: no place to choose
      expect(within(form).queryByRole('group', { name: 'Wo?' })).toBeNull();
      await user.click(within(form).getByLabelText(kind));
      await user.type(within(form).getByLabelText('Menge (Glas)'), quantity);
      await user.click(within(form).getByRole('button', { name: 'Buchen' }));
      return form;
    };

    await book('Lieferung', '12');
    expect(await screen.findByText('Rapshonig: jetzt 12 Glas im Regal.')).toBeVisible();
    expect(screen.getByLabelText('EAN oder Name')).toHaveValue('');
    expect(screen.getByLabelText('EAN oder Name')).toHaveFocus();

    await book('Entnahme', '2');
    expect(await screen.findByText('Rapshonig: jetzt 10 Glas im Regal.')).toBeVisible();

    const form = await book('Entnahme', '20');
    const refusal = 'Im Regal sind nur 10 Glas erfasst. Bitte prüfe die Menge.';
    await waitFor(() =>
      expect(within(form).getByLabelText('Menge (Glas)')).toHaveAccessibleDescription(
        expect.stringContaining(refusal),
      ),
    );
    expect(calls.map((call) => call.body)).toEqual([
      { kind: 'delivery', quantity: 12 },
      { kind: 'withdrawal', quantity: 2 },
      { kind: 'withdrawal', quantity: 20 },
    ]);
  });

  it('found by name; weighed goods with a comma; pieces only whole; with the storage service a place', async () => {
    const user = userEvent.setup();
    const calls = shop({
      model: 'premium',
      lagerservice: true,
      list: [CHEESE, PRODUCTS.untracked],
    });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    await user.type(await screen.findByLabelText('EAN oder Name'), 'Berg');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await user.click(await screen.findByRole('button', { name: 'Auswählen: Bergkäse' }));
    const form = screen.getByRole('form', { name: 'Bestand buchen: Bergkäse' });
    await user.click(within(form).getByLabelText('Lager'));
    await user.type(within(form).getByLabelText('Menge (kg)'), '0,352');
    await user.click(within(form).getByRole('button', { name: 'Buchen' }));
    expect(
      await screen.findByText('Bergkäse: jetzt 0,000 kg im Regal, 0,352 kg im Lager.'),
    ).toBeVisible();

    await user.type(screen.getByLabelText('EAN oder Name'), `${BASE.ean}{Enter}`);
    const pieces = await screen.findByRole('form', { name: 'Bestand buchen: Rapshonig' });
    await user.type(within(pieces).getByLabelText('Menge (Glas)'), '1,5');
    await user.click(within(pieces).getByRole('button', { name: 'Buchen' }));
    expect(within(pieces).getByLabelText('Menge (Glas)')).toHaveAccessibleDescription(
      expect.stringContaining(
        'Dieses Produkt wird in „Glas“ verkauft: bitte eine ganze Zahl angeben.',
      ),
    );
    expect(calls.map((call) => call.body)).toEqual([
      { kind: 'delivery', quantity: 0.352, place: 'storeroom' },
    ]);
  });
});

describe('the phone page shows a product’s history and the restock mail setting', () => {
  it('the chosen product’s movements: what, how much, when and who; the till’s per day; older ones on request', async () => {
    const user = userEvent.setup();
    shop({ model: 'premium', lagerservice: true, list: [PRODUCTS.honey] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    await user.type(await screen.findByLabelText('EAN oder Name'), `${BASE.ean}{Enter}`);
    const history = await screen.findByRole('list', { name: 'Bewegungen: Blütenhonig' });
    const rows = () =>
      within(history)
        .getAllByRole('listitem')
        .map((row) => row.textContent);
    expect(rows()).toEqual([
      'Inventur im Regalgezählt: 7 Glas27.11.2026, 18:00 Uhr · vom Laden',
      'Zurückgegeben an der Kasse+1 Glas26.11.2026 · von der Kasse',
      'Verkauft an der Kasse−3 Glas26.11.2026 · von der Kasse · 3 Kassenzeilen',
      'Verderb im Regal−1 Glas25.11.2026, 10:00 Uhr · vom LadenNotiz: Deckel offen',
      'Entnahme im Regal−2 Glas24.11.2026, 10:00 Uhr · von dir',
      'Aus dem Lager ins Regal nachgefüllt+2 Glas23.11.2026, 10:00 Uhr · vom Laden',
      'Lieferung ins Lager+4 Glas22.11.2026, 10:00 Uhr · vom Laden',
      'Lieferung ins Regal+12 Glas21.11.2026, 10:00 Uhr · von dir · noch nicht vom Laden bestätigt',
      'Lieferung ins Regal+1 Glas20.11.2026, 10:00 Uhr · von dir · vom Laden bestätigt',
      'Lieferung ins Regal+1 Glas19.11.2026, 10:00 Uhr · von dir · vom Laden bestätigt',
    ]);
    await user.click(screen.getByRole('button', { name: 'Ältere anzeigen' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(rows()[10]).toBe(
      'Lieferung ins Regal+1 Glas18.11.2026, 10:00 Uhr · von dir · vom Laden bestätigt',
    );
    expect(screen.queryByRole('button', { name: 'Ältere anzeigen' })).toBeNull();
  });

  it('a product without movements says so', async () => {
    const user = userEvent.setup();
    shop({ model: 'basic', lagerservice: false, list: [PRODUCTS.untracked] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    await user.type(await screen.findByLabelText('EAN oder Name'), `${BASE.ean}{Enter}`);
    expect(await screen.findByText('Noch keine Bewegungen.')).toBeVisible();
  });

  it('the restock mails: the current choice is marked, the other one saved', async () => {
    const user = userEvent.setup();
    const calls = shop({ model: 'basic', lagerservice: false, list: [], restockMail: 'single' });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    const form = await screen.findByRole('form', { name: 'Nachfüll-Hinweise per E-Mail' });
    expect(within(form).getByLabelText('einzeln, sofort')).toBeChecked();
    await user.click(within(form).getByLabelText('einmal täglich als Zusammenfassung'));
    await user.click(within(form).getByRole('button', { name: 'Einstellung speichern' }));
    expect(
      await within(form).findByText('Deine Einstellung zu den Nachfüll-Meldungen ist gespeichert.'),
    ).toBeVisible();
    expect(within(form).getByLabelText('einmal täglich als Zusammenfassung')).toBeChecked();
    expect(calls).toEqual([
      { url: '/api/vendor-auth/products/restock-mail', method: 'PUT', body: { mode: 'daily' } },
    ]);
  });

  it('links to the counts', async () => {
    shop({ model: 'basic', lagerservice: false, list: [] });
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    expect(await screen.findByRole('link', { name: 'Inventuren und Fehlbestand' })).toHaveAttribute(
      'href',
      '/vendor/products/inventuren',
    );
  });
});

describe('the phone page scans with the camera where the browser can', () => {
  /** A phone's browser: BarcodeDetector, and a back camera that gives a stream (or refuses). */
  function phone(camera: 'works' | 'refused', readings: string[][]) {
    const stopped: string[] = [];
    const formats: string[][] = [];
    let looks = 0;
    class StandInDetector {
      constructor(options: { formats: string[] }) {
        formats.push(options.formats);
      }
      async detect() {
        const codes = readings[Math.min(looks, readings.length - 1)]!;
        looks += 1;
        return codes.map((rawValue) => ({ rawValue }));
      }
    }
    const getUserMedia = vi.fn(async () => {
      if (camera === 'refused') throw new DOMException('denied', 'NotAllowedError');
      return { getTracks: () => [{ stop: () => stopped.push('video') }] };
    });
    Object.assign(window, { BarcodeDetector: StandInDetector });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    return { stopped, formats, getUserMedia, looks: () => looks };
  }

  afterEach(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    Reflect.deleteProperty(navigator, 'mediaDevices');
    vi.restoreAllMocks();
  });

  it('the camera reads the EAN (after a look that finds none): the product is chosen, the camera off', async () => {
    const user = userEvent.setup();
    shop({ model: 'basic', lagerservice: false, list: [PRODUCTS.untracked] });
    const camera = phone('works', [[], [BASE.ean]]);
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    await user.click(await screen.findByRole('button', { name: 'Mit der Kamera scannen' }));
    expect(await screen.findByRole('form', { name: 'Bestand buchen: Rapshonig' })).toBeVisible();
    expect(screen.getByLabelText('EAN oder Name')).toHaveValue(BASE.ean);
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(camera.formats).toEqual([['ean_13', 'ean_8']]);
    expect(camera.looks()).toBe(2);
    // the camera is switched off and its button back
    expect(camera.stopped).toEqual(['video']);
    expect(screen.getByRole('button', { name: 'Mit der Kamera scannen' })).toBeVisible();
  });

  it('a camera that does not open says so and leaves the EAN field', async () => {
    const user = userEvent.setup();
    shop({ model: 'basic', lagerservice: false, list: [PRODUCTS.untracked] });
    phone('refused', [[]]);
    saveVendorSession('T'.repeat(43), USER);
    renderWithRouter(<StockPage />, { path: '/vendor/products/bestand' });
    await user.click(await screen.findByRole('button', { name: 'Mit der Kamera scannen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Kamera ließ sich nicht öffnen. Bitte gib die EAN ein.',
    );
    await user.click(screen.getByRole('button', { name: 'Kamera schließen' }));
    expect(screen.getByLabelText('EAN oder Name')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mit der Kamera scannen' })).toBeVisible();
  });
});
