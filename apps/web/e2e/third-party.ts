import http from 'node:http';
import type net from 'node:net';

/**
 * Stand-ins for third-party hosts, so no test needs the internet: an "Instagram widget" page,
 * map tiles and a geocoding service. One for the whole run (global-setup.ts): the templates'
 * site settings point at it, so a worker's server starts without writing settings first.
 *
 * It records the requested paths per worker, keyed by the worker server's port: a page's
 * requests (tiles, the widget's frame) by their Referer, which the site's policy
 * (strict-origin-when-cross-origin) sends as the page's origin; the server's geocoding
 * requests by the path prefix `/p<port>` of its GEOCODER_URL (thirdPartyGeocoder). A worker
 * reads and clears its own list (`GET`/`DELETE /__requests/<port>`); a request the stand-in
 * cannot place is kept under `unknown`.
 */
export async function startThirdParty(): Promise<{ origin: string; close(): Promise<void> }> {
  const requests = new Map<string, string[]>();
  const server = http.createServer((request, response) => {
    let url = request.url ?? '';
    const log = /^\/__requests\/(\w+)$/.exec(url);
    if (log) {
      const key = log[1]!;
      if (request.method === 'DELETE') requests.delete(key);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(requests.get(key) ?? []));
      return;
    }
    let key = 'unknown';
    const prefixed = /^\/p(\d+)(\/.*)$/.exec(url);
    if (prefixed) {
      key = prefixed[1]!;
      url = prefixed[2]!;
    } else if (request.headers.referer) {
      const port = new URL(request.headers.referer).port;
      if (port) key = port;
    }
    const own = requests.get(key);
    if (own) own.push(url);
    else requests.set(key, [url]);

    if (url.startsWith('/widget')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="de"><title>Feed</title><p>Instagram-Feed (Test)</p></html>',
      );
      return;
    }
    if (url.startsWith('/geocode/search')) {
      // Nominatim-like: addresses in the Kronach district (postcode 96…) are found
      // at a position derived from the text; everything else is not.
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      let hash = 0;
      for (const ch of q) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
      const found = /\b96\d{3}\b/.test(q)
        ? [
            {
              lat: String(50.2 + (hash % 1000) / 10_000),
              lon: String(11.3 + (hash % 777) / 10_000),
            },
          ]
        : [];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(found));
      return;
    }
    if (url.startsWith('/tiles/')) {
      // a 1×1 PNG
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stand-ins' origin for this run (global-setup.ts sets it). */
export function thirdPartyOrigin(): string {
  const origin = process.env.E2E_THIRD_PARTY;
  if (!origin) throw new Error('E2E_THIRD_PARTY is not set (global-setup.ts sets it)');
  return origin;
}

/** The site settings every template starts with: third-party content from the stand-ins. */
export function thirdPartySettings(origin: string): Record<string, string> {
  return {
    instagramWidgetUrl: `${origin}/widget.html`,
    mapTileUrl: `${origin}/tiles/{z}/{x}/{y}.png`,
  };
}

/** The GEOCODER_URL of the worker server on `port`: its requests are logged under its port. */
export function thirdPartyGeocoder(origin: string, port: number): string {
  return `${origin}/p${port}/geocode/search`;
}

/** What a worker's tests see of the stand-ins: its own requests' paths. */
export interface ThirdParty {
  origin: string;
  /** The paths requested from the stand-ins by this worker's pages and server, in order. */
  requests(): Promise<string[]>;
  /** Forgets this worker's requests so far. */
  clear(): Promise<void>;
}

export function thirdPartyOf(origin: string, port: number): ThirdParty {
  const log = `${origin}/__requests/${port}`;
  return {
    origin,
    requests: async () => (await (await fetch(log)).json()) as string[],
    clear: async () => {
      await fetch(log, { method: 'DELETE' });
    },
  };
}
