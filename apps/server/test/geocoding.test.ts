import { clock } from '@housnkuh/shared/clock';
import http from 'node:http';
import { registrationBody } from '@housnkuh/test-support/registration';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { geocodeCache } from '../src/modules/geocoding/schema';
import { contracts } from '../src/modules/contracts/schema';
import { vendors } from '../src/modules/vendors/schema';
import {
  GEOCODE_BUSY_RETRY_MS,
  GeocodeWorker,
  geocodeBackoffMs,
  setCoordinatesManually,
} from '../src/modules/geocoding/geocode-worker';
import { addressKey, Geocoder, type GeocoderOptions } from '../src/modules/geocoding/geocoder';
import type { DatabaseHandle } from '../src/db/client';
import { createTestApp, testDatabase, type TestApp } from './helpers';

/** A stand-in for a Nominatim-compatible service: known addresses, a switch to fail. */
function startGeocoderStandIn() {
  const requests: { q: string; params: URLSearchParams; at: number; userAgent: string }[] = [];
  /** arrived: requests that reached the service, also those it still holds. */
  const state: { failing: boolean; hold?: Promise<void>; arrived: number } = {
    failing: false,
    arrived: 0,
  };
  const known: Record<string, [string, string]> = {
    'dorfstrasse 3, 96317 kronach': ['50.2411', '11.3277'],
    'marktplatz 1, 96317 kronach': ['50.2400', '11.3300'],
    'hauptstrasse 5, 96346 wallenfels': ['50.2700', '11.4700'],
    'lindenweg 2, 96317 kronach': ['50.2450', '11.3200'],
    // a result outside Germany
    'kohlmarkt 1, 1010 wien': ['48.2090', '16.3680'],
  };
  const server = http.createServer(async (req, res) => {
    state.arrived++;
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
  // The server and its client (the geocoder) share this process, whose event loop PGlite
  // blocks for seconds at a time: a connection the server closes as idle at the moment the
  // client reuses it would fail a lookup. Real services keep idle connections far longer.
  server.keepAliveTimeout = 120_000;
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

async function registerVendor(
  email: string,
  strasse: string,
  hausnummer: string,
  app: TestApp = t,
): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email, { strasse, hausnummer }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ userId: string }>().userId;
}

let listedCount = 0;
/**
 * A vendor in the directory (released, with an active contract) at this
 * address, without coordinates — as the map page sees one it must geocode.
 */
async function listedVendor(address: {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}) {
  const id = await registerVendor(`gelistet${++listedCount}@beispiel.de`, 'Weg', '1');
  await t.database.db
    .update(vendors)
    .set({ ...address, isPublic: true, geocodeStatus: 'failed', nextGeocodeAt: null })
    .where(eq(vendors.id, id));
  await activeContract(id);
  return id;
}

/** An active contract of the vendor: one the directory lists. */
async function activeContract(vendorId: string) {
  await t.database.db.insert(contracts).values({
    vendorId,
    status: 'active',
    provisionType: 'basic',
    rentalDuration: 3,
    monthlyPriceCents: 3500,
    startDate: '2026-01-01',
    packageSnapshot: {},
  });
}

beforeAll(async () => {
  for (const address of [
    { strasse: 'Marktplatz', hausnummer: '1', plz: '96317', ort: 'Kronach' },
    { strasse: 'Nirgendwo', hausnummer: '99', plz: '12345', ort: 'Nirgendwo' },
    { strasse: 'Kohlmarkt', hausnummer: '1', plz: '1010', ort: 'Wien' },
    { strasse: 'Hauptstraße', hausnummer: '5', plz: '96346', ort: 'Wallenfels' },
  ]) {
    await listedVendor(address);
  }
});

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

  it('looks up only addresses of listed vendors; others are a 404 that asks nobody', async () => {
    for (const address of ['Irgendeine Straße 1, 10115 Berlin', 'Dorfstraße 3, 96317 Kronach']) {
      const refused = await geocode(address);
      expect(refused.statusCode, address).toBe(404);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Diese Adresse gehört zu keinem Direktvermarkter im Verzeichnis.',
      });
    }
    // a registered vendor who is not released is not listed either
    const hidden = await registerVendor('versteckt@beispiel.de', 'Gartenweg', '8');
    expect((await geocode('Gartenweg 8, 96317 Kronach')).statusCode).toBe(404);
    expect(standIn.requests).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(geocodeCache)
        .where(eq(geocodeCache.addressKey, addressKey('Irgendeine Straße 1, 10115 Berlin'))),
    ).toEqual([]);

    // once it is listed, the map may ask for its address
    await t.database.db.update(vendors).set({ isPublic: true }).where(eq(vendors.id, hidden));
    await activeContract(hidden);
    // the list is re-read on a miss, at most once a second: ask as the map would, until found
    await vi.waitFor(
      async () => {
        const listed = await geocode('gartenweg 8,  96317 KRONACH');
        expect(listed.statusCode).toBe(200);
        expect(listed.json()).toEqual({ success: true, result: null });
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('Geocoder', () => {
  // each test on a database of its own: the cache starts empty
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await testDatabase();
  });
  afterEach(async () => {
    await database.close();
  });
  const geocoderOf = (options: Partial<GeocoderOptions> = {}) =>
    new Geocoder(database.db, { url: standIn.url, userAgent: 'test', ...options });

  it('keeps at least the minimum interval between two requests to the service', async () => {
    const geocoder = geocoderOf({ minIntervalMs: 300 });
    // when the requests leave this process (their arrival at the stand-in
    // can bunch up on a loaded machine, which says nothing about the pace)
    const sentAt: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      sentAt.push(performance.now());
      return realFetch(...args);
    });
    try {
      await Promise.all([
        geocoder.lookup('Dorfstraße 3, 96317 Kronach'),
        geocoder.lookup('Gibt es nicht 1, 96317 Kronach'),
        geocoder.lookup('Gibt es auch nicht 2, 96317 Kronach'),
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(standIn.requests).toHaveLength(3);
    expect(sentAt).toHaveLength(3);
    // 300 ms apart, less a few ms between the pacing clock and the call
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(280);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(280);
  });

  it('turns lookups away when too many are waiting', async () => {
    const geocoder = geocoderOf({ minIntervalMs: 50, maxQueue: 2 });
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
    await vi.waitFor(() => expect(settled).toEqual(['GeocoderBusyError', 'GeocoderBusyError']));
    release();
    standIn.state.hold = undefined;
    expect((await Promise.all(lookups)).sort()).toEqual([
      'GeocoderBusyError',
      'GeocoderBusyError',
      'done',
      'done',
    ]);
  });

  it("visitors' lookups never take the background's turn: it is never turned away and goes first", async () => {
    let release = () => {};
    try {
      const geocoder = geocoderOf({ minIntervalMs: 10, maxQueue: 5 });
      standIn.state.hold = new Promise<void>((resolve) => (release = resolve));
      // 25 visitors at once (the flood): 5 get a place, 20 are turned away
      const arrivedBefore = standIn.state.arrived;
      let turnedAway = 0;
      const visitors = Array.from({ length: 25 }, (_, n) =>
        geocoder.lookup(`Besucherweg ${n + 1}, 96317 Kronach`, 'public').then(
          () => 'done',
          (error: Error) => {
            turnedAway++;
            return error.name;
          },
        ),
      );
      await vi.waitFor(() => {
        expect(turnedAway).toBe(20);
        expect(standIn.state.arrived).toBeGreaterThan(arrivedBefore);
      });
      // the background worker's lookup still gets a place, and is asked right after
      // the one under way, before the four visitors that wait
      const background = geocoder.lookup('Dorfstraße 3, 96317 Kronach', 'background');
      await vi.waitFor(() => expect(geocoder.queued()).toEqual({ background: 1, public: 5 }));
      release();
      standIn.state.hold = undefined;
      expect(await background).toEqual({ lat: 50.2411, lng: 11.3277 });
      const outcomes = await Promise.all(visitors);
      expect(outcomes.filter((o) => o === 'done')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 'GeocoderBusyError')).toHaveLength(20);
      expect(standIn.requests.map((r) => r.q)[1]).toBe('Dorfstraße 3, 96317 Kronach');
    } finally {
      release();
      standIn.state.hold = undefined;
    }
  });

  it('asks once for the same address asked several times at once', async () => {
    const geocoder = geocoderOf();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => geocoder.lookup('Marktplatz 1, 96317 Kronach')),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ lat: 50.24, lng: 11.33 })]),
    );
    expect(standIn.requests).toHaveLength(1);
  });

  it('asks once when a caller reads the cache only after the first lookup has ended', async () => {
    /** The second cache read comes back late, as under a busy connection pool. */
    class SlowSecondRead extends Geocoder {
      reads = 0;
      override async cachedLookup(address: string) {
        const read = this.reads++;
        const answer = await super.cachedLookup(address);
        if (read === 1) await new Promise((resolve) => setTimeout(resolve, 1_500));
        return answer;
      }
    }
    const geocoder = new SlowSecondRead(database.db, { url: standIn.url, userAgent: 'test' });
    const answers = await Promise.all([
      geocoder.lookup('Marktplatz 2, 96317 Kronach'),
      geocoder.lookup('Marktplatz 2, 96317 Kronach'),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(standIn.requests).toHaveLength(1);
  });

  it('keeps at most maxCacheEntries answers, the newest', async () => {
    const geocoder = geocoderOf({ minIntervalMs: 10, maxCacheEntries: 3 });
    for (let n = 1; n <= 6; n++) await geocoder.lookup(`Cacheweg ${n}, 96317 Kronach`);
    const kept = await database.db.select({ key: geocodeCache.addressKey }).from(geocodeCache);
    expect(kept.map((row) => row.key).sort()).toEqual(
      [4, 5, 6].map((n) => addressKey(`Cacheweg ${n}, 96317 Kronach`)),
    );
  });

  it('folds case, umlauts and punctuation into the cache key', () => {
    expect(addressKey('Hauptstraße 5, 96346 Wallenfels')).toBe(
      addressKey('hauptstrasse 5 96346  WALLENFELS.'),
    );
  });
});

describe('background geocoding of vendor addresses', () => {
  const row = async (id: string) =>
    (await t.database.db.select().from(vendors).where(eq(vendors.id, id)))[0]!;

  it('geocodes a new address; a failing service postpones it with backoff; saving never waits', async () => {
    standIn.state.failing = true;
    const id = await registerVendor('geo1@beispiel.de', 'Dorfstraße', '3');
    const saved = await row(id);
    expect(saved.geocodeStatus).toBe('pending');
    expect(saved.searchText).toContain('anna huber');

    const now = clock.now();
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
    await t.app.geocodeWorker.runOnce(clock.now());
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

  it('a full queue is "try later": no attempt counted, never given up, geocoded once there is room', async () => {
    const id = await registerVendor('geo4@beispiel.de', 'Lindenweg', '2');
    // only this vendor is due
    await t.database.db
      .update(vendors)
      .set({ geocodeStatus: 'failed', nextGeocodeAt: null })
      .where(and(eq(vendors.geocodeStatus, 'pending'), ne(vendors.id, id)));
    const geocoder = new Geocoder(t.database.db, {
      url: standIn.url,
      userAgent: 'test',
      minIntervalMs: 10,
      maxBackgroundQueue: 1,
    });
    const worker = new GeocodeWorker(t.database.db, geocoder, 0, t.app.log);
    let release = () => {};
    standIn.state.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      // the background share is taken (a lookup hangs at the service)
      const arrivedBefore = standIn.state.arrived;
      const hanging = geocoder.lookup('Wartestraße 1, 96317 Kronach', 'background');
      // the lookup reads the cache first: the share is taken once it waits at the service
      await vi.waitFor(() => expect(standIn.state.arrived).toBe(arrivedBefore + 1));
      expect(geocoder.queued().background).toBe(1);
      let now = clock.now();
      for (let run = 0; run < 15; run++) {
        await worker.runOnce(now);
        const after = await row(id);
        expect(after, `run ${run + 1}`).toMatchObject({
          geocodeStatus: 'pending',
          geocodeAttempts: 0,
          lat: null,
        });
        expect(after.nextGeocodeAt!.getTime()).toBe(now.getTime() + GEOCODE_BUSY_RETRY_MS);
        now = new Date(now.getTime() + GEOCODE_BUSY_RETRY_MS);
      }
      release();
      standIn.state.hold = undefined;
      await hanging;
      await worker.runOnce(now);
      expect(await row(id)).toMatchObject({
        geocodeStatus: 'ok',
        geocodeAttempts: 1,
        lat: 50.245,
      });
    } finally {
      release();
      standIn.state.hold = undefined;
    }
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
      await vi.waitFor(
        async () => {
          const [row] = await worker.database.db
            .select({ status: vendors.geocodeStatus })
            .from(vendors)
            .where(eq(vendors.id, id));
          expect(row?.status).toBe('ok');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.close();
    }
  });
});
