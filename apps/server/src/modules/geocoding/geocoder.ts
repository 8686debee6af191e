import type { LatLng } from '@housnkuh/shared/address';
import { normalizeForSearch } from '@housnkuh/shared/search';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { geocodeCache } from '../../db/schema/media';

/** The geocoding service did not answer usefully (network, status, busy); try again later. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}

export interface GeocoderOptions {
  /** Nominatim-compatible search endpoint, e.g. https://nominatim.openstreetmap.org/search */
  url: string;
  /** Contact address for the service operator (Nominatim's usage policy). */
  email?: string;
  userAgent: string;
  /** At least this long between two requests to the service (Nominatim: 1 s). */
  minIntervalMs?: number;
  /** How many lookups may wait for their turn before new ones are turned away. */
  maxQueue?: number;
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
  private chain: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly minIntervalMs: number;
  private readonly maxQueue: number;
  private readonly notFoundTtlMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Executor,
    private readonly options: GeocoderOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.maxQueue = options.maxQueue ?? 20;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 30 * 24 * 60 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** The position of an address in Germany, null when the service knows none. */
  async lookup(address: string): Promise<LatLng | null> {
    const key = addressKey(address);
    if (!key) return null;
    const [hit] = await this.db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key));
    if (hit?.found && hit.lat !== null && hit.lng !== null) return { lat: hit.lat, lng: hit.lng };
    if (hit && !hit.found && Date.now() - hit.fetchedAt.getTime() < this.notFoundTtlMs) return null;

    const result = await this.throttled(() => this.fetchPosition(address));
    await this.db
      .insert(geocodeCache)
      .values({ addressKey: key, found: result !== null, lat: result?.lat, lng: result?.lng })
      .onConflictDoUpdate({
        target: geocodeCache.addressKey,
        set: {
          found: result !== null,
          lat: result?.lat ?? null,
          lng: result?.lng ?? null,
          fetchedAt: new Date(),
        },
      });
    return result;
  }

  /** Runs `task` in turn, keeping the minimum interval between two requests. */
  private throttled<T>(task: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxQueue) {
      return Promise.reject(new GeocoderUnavailableError('too many lookups waiting'));
    }
    this.waiting++;
    const run = this.chain.then(async () => {
      const wait = this.lastRequestAt + this.minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastRequestAt = Date.now();
      return task();
    });
    this.chain = run.catch(() => undefined).finally(() => this.waiting--);
    return run;
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
