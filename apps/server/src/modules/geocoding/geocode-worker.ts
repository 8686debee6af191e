import { clock } from '@housnkuh/shared/clock';
import type { FastifyBaseLogger } from 'fastify';
import { isSharedDatabase, type Executor } from '../../db/client';
import { onWake } from '../../db/transaction';
import { withLease } from '../../lib/leases';
import { Poller } from '../../lib/poller';
import { addressText } from '@housnkuh/shared/address';
import {
  addressesToGeocode,
  setVendorLocationManually,
  updateVendorLocation,
} from '../vendors/public';
import { GeocoderBusyError, GeocoderUnavailableError, type Geocoder } from './geocoder';

/** After this many failed attempts (service down) an address is given up: status 'failed'. */
export const MAX_GEOCODE_ATTEMPTS = 12;
/** A lookup this process's queue turned away is tried again after this long, uncounted. */
export const GEOCODE_BUSY_RETRY_MS = 60_000;

/** The lease of a geocoding run (job_leases); a run of five addresses takes seconds. */
export const GEOCODING_LEASE = 'geocoding';
const GEOCODING_LEASE_MS = 5 * 60_000;

/** 1, 2, 4 … minutes, at most a day. */
export function geocodeBackoffMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 24 * 60 * 60_000);
}

/** Coordinates set by hand (admin or CLI); the worker leaves them alone. */
export async function setCoordinatesManually(
  db: Executor,
  vendorId: string,
  position: { lat: number; lng: number },
): Promise<boolean> {
  if (
    !Number.isFinite(position.lat) ||
    !Number.isFinite(position.lng) ||
    Math.abs(position.lat) > 90 ||
    Math.abs(position.lng) > 180
  ) {
    throw new RangeError('Breite -90 bis 90, Länge -180 bis 180');
  }
  return setVendorLocationManually(db, vendorId, position);
}

/**
 * Geocodes vendors whose address is pending, in the background (the vendors
 * module queues an address when it is stored or changed, and wakes this
 * worker on 'geocoding' once that is committed). A service
 * failure only postpones the address (backoff, counted); a full queue
 * (GeocoderBusyError) postpones it without counting, since nothing was asked;
 * "not found" settles it as 'failed' until the address changes or someone
 * sets coordinates by hand.
 */
export class GeocodeWorker {
  private readonly poller: Poller;
  /** Set by stop(): a run in progress ends after the current address. */
  private closing = false;

  constructor(
    private readonly db: Executor,
    private readonly geocoder: Geocoder,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.poller = new Poller(
      async () => {
        // several instances on one PostgreSQL: one of them geocodes at a time (lib/leases.ts),
        // so no address is looked up twice and the service's rate limit holds for the shop
        if (!isSharedDatabase(db)) return (await this.runOnce()) > 0;
        const handled = await withLease(db, GEOCODING_LEASE, GEOCODING_LEASE_MS, () =>
          this.runOnce(),
        );
        return (handled ?? 0) > 0;
      },
      pollMs,
      (error) => this.log.error({ err: error }, 'geocoding run failed'),
    );
    // an address queued for geocoding wakes the worker once it is committed
    onWake(db, 'geocoding', () => this.kick());
  }

  start(): void {
    if (this.pollMs <= 0) return;
    this.poller.start();
  }

  async stop(): Promise<void> {
    this.closing = true;
    await this.poller.stop();
  }

  /** Asks for a run now, e.g. right after a registration. */
  kick(): void {
    this.poller.kick();
  }

  /** Geocodes the addresses that are due; returns how many it settled or postponed after asking. */
  async runOnce(now = clock.now()): Promise<number> {
    const due = await addressesToGeocode(this.db, now, 5);
    let handled = 0;
    for (const vendor of due) {
      if (this.closing) break;
      const address = addressText(vendor);
      // Only for this address: a change in the meantime queues the vendor again.
      const settle = (changes: Parameters<typeof updateVendorLocation>[2]) =>
        updateVendorLocation(this.db, vendor, changes);
      const attempts = vendor.attempts + 1;
      try {
        const position =
          vendor.plz || vendor.ort ? await this.geocoder.lookup(address, 'background') : null;
        await settle({
          lat: position?.lat ?? null,
          lng: position?.lng ?? null,
          geocodeStatus: position ? 'ok' : 'failed',
          geocodeAttempts: attempts,
          nextGeocodeAt: null,
        });
        if (!position) this.log.warn({ vendorId: vendor.id }, 'address not found by geocoding');
      } catch (error) {
        if (error instanceof GeocoderBusyError) {
          // not tried at all: no attempt counted, try again soon, and stop this run
          await settle({ nextGeocodeAt: new Date(now.getTime() + GEOCODE_BUSY_RETRY_MS) });
          this.log.info({ vendorId: vendor.id }, 'geocoding queue full, trying later');
          break;
        }
        if (!(error instanceof GeocoderUnavailableError)) throw error;
        const giveUp = attempts >= MAX_GEOCODE_ATTEMPTS;
        await settle({
          geocodeStatus: giveUp ? 'failed' : 'pending',
          geocodeAttempts: attempts,
          nextGeocodeAt: giveUp ? null : new Date(now.getTime() + geocodeBackoffMs(attempts)),
        });
        this.log.warn(
          { vendorId: vendor.id, attempts, reason: error.message },
          'geocoding postponed',
        );
      }
      handled++;
    }
    return handled;
  }
}
