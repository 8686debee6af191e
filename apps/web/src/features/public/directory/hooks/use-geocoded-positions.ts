import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { cachedGeocode, fetchGeocode } from '../api/geocode';
import { GEOCODE_PAUSE_MS } from '../map-filter';
import type { LatLng } from '@housnkuh/shared/address';
import { geocodableAddress, needsGeocoding } from '../vendor-format';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface GeocodeProgress {
  done: number;
  total: number;
}

/**
 * Positions for producers without usable coordinates, looked up one at a time
 * through the server with a pause of 500 ms between requests (spec §9). A
 * failure is logged as a warning and the producer stays without a position.
 * Returns the positions found (id → position, null when none was found) and
 * the progress.
 */
export function useGeocodedPositions(vendors: readonly PublicVendor[] | undefined): {
  positions: ReadonlyMap<string, LatLng | null>;
  progress: GeocodeProgress;
} {
  const client = useQueryClient();
  const todo = useMemo(
    () =>
      (vendors ?? [])
        .filter(needsGeocoding)
        .map((vendor) => ({ id: vendor.id, address: geocodableAddress(vendor)! })),
    [vendors],
  );
  const [results, setResults] = useState<ReadonlyMap<string, LatLng | null>>(new Map());

  useEffect(() => {
    if (todo.length === 0) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let requests = 0;
      for (const { id, address } of todo) {
        let position = cachedGeocode(client, address);
        if (position === undefined) {
          if (requests > 0) await pause(GEOCODE_PAUSE_MS, signal);
          if (signal.aborted) return;
          requests += 1;
          try {
            position = await fetchGeocode(client, address);
          } catch {
            // logged by fetchGeocode; the producer stays in the list without a marker
            position = null;
          }
        }
        if (signal.aborted) return;
        const found = position;
        setResults((current) => {
          if (current.has(id) && current.get(id) === found) return current;
          const next = new Map(current);
          next.set(id, found);
          return next;
        });
      }
    })();
    return () => controller.abort();
  }, [todo, client]);

  const done = todo.filter(({ id }) => results.has(id)).length;
  return { positions: results, progress: { done, total: todo.length } };
}
