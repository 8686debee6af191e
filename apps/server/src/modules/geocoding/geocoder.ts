import { clock } from '@housnkuh/shared/clock';
import type { LatLng } from '@housnkuh/shared/address';
import { normalizeForSearch } from '@housnkuh/shared/search';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { geocodeCache } from './schema';

/** The geocoding service did not answer usefully (network, status, busy); try again later. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}

/**
 * This process's queue for the service is full: the lookup was not even
 * tried. Try later; it says nothing about the address or the service.
 */
export class GeocoderBusyError extends GeocoderUnavailableError {
  constructor() {
    super('too many lookups waiting');
    this.name = 'GeocoderBusyError';
  }
}

/**
 * Who asks: the background worker (vendors' addresses) goes first and has
 * its own share of the queue; lookups for visitors' browsers ('public') wait
 * behind it and are turned away first.
 */
export type LookupKind = 'background' | 'public';

export interface GeocoderOptions {
  /** Nominatim-compatible search endpoint, e.g. https://nominatim.openstreetmap.org/search */
  url: string;
  /** Contact address for the service operator (Nominatim's usage policy). */
  email?: string;
  userAgent: string;
  /** At least this long between two requests to the service (Nominatim: 1 s). */
  minIntervalMs?: number;
  /** How many visitors' lookups may wait for their turn (or be under way) before new ones are turned away. */
  maxQueue?: number;
  /** How many background lookups may wait (their own share, never taken by visitors). */
  maxBackgroundQueue?: number;
  /** At most this many answers are kept in geocode_cache; the oldest go first. */
  maxCacheEntries?: number;
  /** A cached "not found" is asked again after this long. */
  notFoundTtlMs?: number;
  timeoutMs?: number;
}

/** Roughly Germany: a result outside is treated as not found. */
const GERMANY = { south: 47.2, north: 55.1, west: 5.8, east: 15.1 };

/** The cache key of an address: case, umlauts, spacing and punctuation do not matter. */
export function addressKey(address: string): string {
  return normalizeForSearch(address.replace(/[.,;]/g, ' '));
}

/**
 * Looks addresses up at a Nominatim-compatible service, at most one request
 * per `minIntervalMs` from this process, with every answer (also "not found")
 * kept in the database, so each address is asked once.
 */
export class Geocoder {
  private lastRequestAt = 0;
  /** Waiting lookups per kind; the background ones run first. */
  private readonly queues: Record<LookupKind, (() => void)[]> = { background: [], public: [] };
  /** Lookups of each kind waiting or under way. */
  private readonly pending: Record<LookupKind, number> = { background: 0, public: 0 };
  private busy = false;
  /** Lookups under way per kind and cache key: the same address asked twice at once is asked once. */
  private readonly inFlight = new Map<string, Promise<LatLng | null>>();
  private readonly minIntervalMs: number;
  private readonly maxQueue: Record<LookupKind, number>;
  private readonly maxCacheEntries: number;
  private readonly notFoundTtlMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Executor,
    private readonly options: GeocoderOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.maxQueue = {
      public: options.maxQueue ?? 20,
      background: options.maxBackgroundQueue ?? 10,
    };
    this.maxCacheEntries = options.maxCacheEntries ?? 10_000;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 30 * 24 * 60 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Lookups of each kind waiting for their turn or under way (for monitoring and tests). */
  queued(): Readonly<Record<LookupKind, number>> {
    return { ...this.pending };
  }

  /** The cached answer for an address: a position, null (not found), or undefined (not asked yet). */
  async cachedLookup(address: string): Promise<LatLng | null | undefined> {
    const key = addressKey(address);
    if (!key) return null;
    const [hit] = await this.db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key));
    if (hit?.found && hit.lat !== null && hit.lng !== null) return { lat: hit.lat, lng: hit.lng };
    if (hit && !hit.found && clock.nowMs() - hit.fetchedAt.getTime() < this.notFoundTtlMs)
      return null;
    return undefined;
  }

  /**
   * The position of an address in Germany, null when the service knows none.
   * Throws GeocoderBusyError when the queue of this kind is full and
   * GeocoderUnavailableError when the service failed.
   */
  async lookup(address: string, kind: LookupKind = 'public'): Promise<LatLng | null> {
    const key = addressKey(address);
    const flightKey = `${kind}:${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    // the cache is read inside the shared lookup: a caller whose cache read
    // came back after the first lookup had ended would otherwise ask again
    const lookup = (async () => {
      const cachedAnswer = await this.cachedLookup(address);
      if (cachedAnswer !== undefined) return cachedAnswer;
      const result = await this.throttled(kind, () => this.fetchPosition(address));
      await this.remember(key, result);
      return result;
    })();
    this.inFlight.set(flightKey, lookup);
    try {
      return await lookup;
    } finally {
      if (this.inFlight.get(flightKey) === lookup) this.inFlight.delete(flightKey);
    }
  }

  /** Keeps an answer, and at most maxCacheEntries answers in all (the newest). */
  private async remember(key: string, result: LatLng | null) {
    await this.db
      .insert(geocodeCache)
      .values({ addressKey: key, found: result !== null, lat: result?.lat, lng: result?.lng })
      .onConflictDoUpdate({
        target: geocodeCache.addressKey,
        set: {
          found: result !== null,
          lat: result?.lat ?? null,
          lng: result?.lng ?? null,
          fetchedAt: clock.now(),
        },
      });
    await this.db.execute(
      sql`delete from ${geocodeCache} where ${geocodeCache.addressKey} in (select ${geocodeCache.addressKey} from ${geocodeCache} order by ${geocodeCache.fetchedAt} desc, ${geocodeCache.addressKey} offset ${this.maxCacheEntries})`,
    );
  }

  /**
   * Runs `task` in turn, keeping the minimum interval between two requests;
   * background tasks before public ones. A full queue of the task's kind
   * turns it away at once (GeocoderBusyError).
   */
  private throttled<T>(kind: LookupKind, task: () => Promise<T>): Promise<T> {
    if (this.pending[kind] >= this.maxQueue[kind]) return Promise.reject(new GeocoderBusyError());
    this.pending[kind]++;
    return new Promise<T>((resolve, reject) => {
      this.queues[kind].push(() => {
        void (async () => {
          try {
            const wait = this.lastRequestAt + this.minIntervalMs - Date.now();
            if (wait > 0) await new Promise((done) => setTimeout(done, wait));
            this.lastRequestAt = Date.now();
            resolve(await task());
          } catch (error) {
            reject(error as Error);
          } finally {
            this.pending[kind]--;
            this.busy = false;
            this.next();
          }
        })();
      });
      this.next();
    });
  }

  private next() {
    if (this.busy) return;
    const start = this.queues.background.shift() ?? this.queues.public.shift();
    if (!start) return;
    this.busy = true;
    start();
  }

  private async fetchPosition(address: string): Promise<LatLng | null> {
    const url = new URL(this.options.url);
    url.searchParams.set('q', address);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    url.searchParams.set('countrycodes', 'de');
    if (this.options.email) url.searchParams.set('email', this.options.email);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          'user-agent': this.options.userAgent,
          'accept-language': 'de',
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      this.log?.warn({ err: error }, 'geocoding service not reachable');
      throw new GeocoderUnavailableError('not reachable');
    }
    if (!response.ok) {
      this.log?.warn({ status: response.status }, 'geocoding service answered with an error');
      throw new GeocoderUnavailableError(`status ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GeocoderUnavailableError('answer is not JSON');
    }
    if (!Array.isArray(body)) throw new GeocoderUnavailableError('unexpected answer');
    const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return null;
    const lat = Number(first.lat);
    const lng = Number(first.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const inGermany =
      lat >= GERMANY.south && lat <= GERMANY.north && lng >= GERMANY.west && lng <= GERMANY.east;
    return inGermany ? { lat, lng } : null;
  }
}
