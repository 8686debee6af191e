import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendors } from '../src/db/schema/vendors';
import { geocodeBackoffMs, setCoordinatesManually } from '../src/modules/geocoding/geocode-worker';
import { addressKey, Geocoder } from '../src/modules/geocoding/geocoder';
import { createTestApp, registrationBody, testDatabase, type TestApp } from './helpers';

/** A stand-in for a Nominatim-compatible service: known addresses, a switch to fail. */
function startGeocoderStandIn() {
  const requests: { q: string; params: URLSearchParams; at: number; userAgent: string }[] = [];
  const state: { failing: boolean; hold?: Promise<void> } = { failing: false };
  const known: Record<string, [string, string]> = {
    'dorfstrasse 3, 96317 kronach': ['50.2411', '11.3277'],
    'marktplatz 1, 96317 kronach': ['50.2400', '11.3300'],
    'hauptstrasse 5, 96346 wallenfels': ['50.2700', '11.4700'],
    // a result outside Germany
    'kohlmarkt 1, 1010 wien': ['48.2090', '16.3680'],
  };
  const server = http.createServer(async (req, res) => {
    await state.hold;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    requests.push({
      q,
      params: url.searchParams,
      at: Date.now(),
      userAgent: req.headers['user-agent'] ?? '',
    });
    if (state.failing) {
      res.writeHead(503).end('busy');
      return;
    }
    const hit = known[q.toLowerCase().replace(/ß/g, 'ss')];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(hit ? [{ lat: hit[0], lon: hit[1], display_name: q }] : []));
  });
  return new Promise<{
    url: string;
    requests: typeof requests;
    state: typeof state;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}/search`,
        requests,
        state,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

let standIn: Awaited<ReturnType<typeof startGeocoderStandIn>>;
let t: TestApp;

beforeAll(async () => {
  standIn = await startGeocoderStandIn();
  t = await createTestApp({
    env: { GEOCODER_URL: standIn.url, GEOCODER_EMAIL: 'technik@housnkuh.de' },
    config: { rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.state.failing = false;
});

const geocode = (address: string) =>
  t.app.inject({ method: 'GET', url: `/api/geocode?address=${encodeURIComponent(address)}` });

describe('GET /api/geocode', () => {
  it('asks the service once per address, restricted to Germany, and answers from the cache after', async () => {
    const first = await geocode('Marktplatz 1, 96317 Kronach');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, result: { lat: 50.24, lng: 11.33 } });
    expect(standIn.requests).toHaveLength(1);
    const request = standIn.requests[0]!;
    expect(request.params.get('countrycodes')).toBe('de');
    expect(request.params.get('limit')).toBe('1');
    expect(request.params.get('email')).toBe('technik@housnkuh.de');
    expect(request.userAgent).toContain('housnkuh');

    // the same address written differently comes from the cache
    const again = await geocode('marktplatz 1 ,  96317 KRONACH');
    expect(again.json().result).toEqual({ lat: 50.24, lng: 11.33 });
    expect(standIn.requests).toHaveLength(1);
  });

  it('keeps "not found" too, and treats results outside Germany as not found', async () => {
    expect((await geocode('Nirgendwo 99, 12345 Nirgendwo')).json()).toEqual({
      success: true,
      result: null,
    });
    expect((await geocode('Nirgendwo 99, 12345 Nirgendwo')).json().result).toBeNull();
    expect(standIn.requests).toHaveLength(1);
    expect((await geocode('Kohlmarkt 1, 1010 Wien')).json().result).toBeNull();
  });

  it('answers 503 with a message when the service fails, and asks again next time', async () => {
    standIn.state.failing = true;
    const failed = await geocode('Hauptstraße 5, 96346 Wallenfels');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      success: false,
      message: 'Die Adresse kann gerade nicht gesucht werden. Bitte versuche es später erneut.',
    });
    standIn.state.failing = false;
    const ok = await geocode('Hauptstraße 5, 96346 Wallenfels');
    expect(ok.json().result).toEqual({ lat: 50.27, lng: 11.47 });
    expect(standIn.requests).toHaveLength(2);
  });

  it('rejects missing, overlong and repeated addresses with a message', async () => {
    const cases: [string, string][] = [
      ['/api/geocode', 'Bitte eine Adresse angeben.'],
      ['/api/geocode?address=', 'Bitte eine Adresse angeben.'],
      ['/api/geocode?address=%20a%20', 'Bitte eine Adresse angeben.'],
      [`/api/geocode?address=${'x'.repeat(201)}`, 'Die Adresse ist zu lang.'],
      ['/api/geocode?address=a&address=b', 'Bitte eine Adresse angeben.'],
    ];
    for (const [url, message] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('Geocoder', () => {
  it('keeps at least the minimum interval between two requests to the service', async () => {
    const database = await testDatabase();
    try {
      const geocoder = new Geocoder(database.db, {
        url: standIn.url,
        userAgent: 'test',
        minIntervalMs: 300,
      });
      await Promise.all([
        geocoder.lookup('Dorfstraße 3, 96317 Kronach'),
        geocoder.lookup('Gibt es nicht 1, 96317 Kronach'),
        geocoder.lookup('Gibt es auch nicht 2, 96317 Kronach'),
      ]);
      const times = standIn.requests.map((r) => r.at);
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(200);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200);
    } finally {
      await database.close();
    }
  });

  it('turns lookups away when too many are waiting', async () => {
    const database = await testDatabase();
    try {
      const geocoder = new Geocoder(database.db, {
        url: standIn.url,
        userAgent: 'test',
        minIntervalMs: 50,
        maxQueue: 2,
      });
      // the service hangs: the first lookup is under way, the second waits for its turn
      let release = () => {};
      standIn.state.hold = new Promise<void>((resolve) => (release = resolve));
      const settled: string[] = [];
      const lookups = [1, 2, 3, 4].map((n) =>
        geocoder
          .lookup(`Warteschlange ${n}, 96317 Kronach`)
          .then(
            () => 'done',
            (error: Error) => error.name,
          )
          .then((outcome) => {
            settled.push(outcome);
            return outcome;
          }),
      );
      // two are turned away at once, while the service still hangs
      while (settled.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(settled).toEqual(['GeocoderUnavailableError', 'GeocoderUnavailableError']);
      release();
      standIn.state.hold = undefined;
      expect((await Promise.all(lookups)).sort()).toEqual([
        'GeocoderUnavailableError',
        'GeocoderUnavailableError',
        'done',
        'done',
      ]);
    } finally {
      await database.close();
    }
  });

  it('folds case, umlauts and punctuation into the cache key', () => {
    expect(addressKey('Hauptstraße 5, 96346 Wallenfels')).toBe(
      addressKey('hauptstrasse 5 96346  WALLENFELS.'),
    );
  });
});

describe('background geocoding of vendor addresses', () => {
  async function registerVendor(email: string, strasse: string, hausnummer: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody(email, { strasse, hausnummer }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ userId: string }>().userId;
  }
  const row = async (id: string) =>
    (await t.database.db.select().from(vendors).where(eq(vendors.id, id)))[0]!;

  it('geocodes a new address; a failing service postpones it with backoff; saving never waits', async () => {
    standIn.state.failing = true;
    const id = await registerVendor('geo1@beispiel.de', 'Dorfstraße', '3');
    const saved = await row(id);
    expect(saved.geocodeStatus).toBe('pending');
    expect(saved.searchText).toContain('anna huber');

    const now = new Date();
    await t.app.geocodeWorker.runOnce(now);
    const postponed = await row(id);
    expect(postponed).toMatchObject({ geocodeStatus: 'pending', geocodeAttempts: 1, lat: null });
    expect(postponed.nextGeocodeAt!.getTime()).toBe(now.getTime() + geocodeBackoffMs(1));

    // not due yet: nothing happens
    standIn.state.failing = false;
    expect(await t.app.geocodeWorker.runOnce(now)).toBe(0);
    await t.app.geocodeWorker.runOnce(new Date(now.getTime() + geocodeBackoffMs(1)));
    expect(await row(id)).toMatchObject({
      geocodeStatus: 'ok',
      lat: 50.2411,
      lng: 11.3277,
      nextGeocodeAt: null,
    });
  });

  it('settles an unknown address as failed; coordinates can be set by hand', async () => {
    const id = await registerVendor('geo2@beispiel.de', 'Unbekannter Weg', '77');
    await t.app.geocodeWorker.runOnce(new Date());
    expect(await row(id)).toMatchObject({
      geocodeStatus: 'failed',
      lat: null,
      nextGeocodeAt: null,
    });

    expect(await setCoordinatesManually(t.database.db, id, { lat: 50.25, lng: 11.31 })).toBe(true);
    expect(await row(id)).toMatchObject({ geocodeStatus: 'manual', lat: 50.25, lng: 11.31 });
    await expect(setCoordinatesManually(t.database.db, id, { lat: 123, lng: 11 })).rejects.toThrow(
      RangeError,
    );
  });

  it('the worker runs by itself and picks up a registration right away', async () => {
    const worker = await createTestApp({
      env: { GEOCODER_URL: standIn.url },
      config: { geocodePollMs: 60_000 },
    });
    try {
      const response = await worker.app.inject({
        method: 'POST',
        url: '/api/vendor-auth/register',
        payload: registrationBody('geo3@beispiel.de', { strasse: 'Marktplatz', hausnummer: '1' }),
      });
      const id = response.json<{ userId: string }>().userId;
      const deadline = Date.now() + 10_000;
      let status = '';
      while (Date.now() < deadline) {
        [{ status = '' } = { status: '' }] = await worker.database.db
          .select({ status: vendors.geocodeStatus })
          .from(vendors)
          .where(eq(vendors.id, id));
        if (status !== 'pending') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('ok');
    } finally {
      await worker.close();
    }
  });
});
