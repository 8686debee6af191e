// The API fuzz (issue 32, docs/decisions/0055-api-fuzz-and-access-matrix.md): every route of the
// route index (docs/routes.md), in turn, with values from its zod schemas (valid, on the
// boundaries, hostile) in the body, the query, the path and the headers, as nobody, a producer, the
// till and an admin. Each answer: never a 5xx; a 4xx in the shape { success: false, message,
// errors? }; a refused request changed nothing in the database. Used by test/fuzz.test.ts (a
// fixed seed, time-bounded, in `npm test`) and `npm run fuzz -- --runs N` (scripts/fuzz.mjs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { clock } from '@housnkuh/shared/clock';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { eq, sql } from 'drizzle-orm';
import { vendors } from '../../src/modules/vendors/schema';
import { GEOCODE_UNAVAILABLE } from '../../src/modules/geocoding/geocoding.routes';
import { createAdmin } from '../../src/modules/accounts/public';
import { createTestApp, type TestApp } from '../helpers';
import { installChangeLog, tablesOf, takeChanges } from './database-state';
import { knownRequests } from './known';
import {
  anId,
  anyValue,
  boundaryOf,
  jsonSchemaOf,
  nastyText,
  validOf,
  type JsonSchema,
  type ValueContext,
} from './values';

const INDEX = path.resolve(import.meta.dirname, '../../../../docs/routes.md');

export interface IndexedRoute {
  method: string;
  url: string;
  access: string;
}

/** The routes of the route index (docs/routes.md, kept current by route-index.test.ts). */
export function routeIndex(): IndexedRoute[] {
  const routes: IndexedRoute[] = [];
  for (const line of fs.readFileSync(INDEX, 'utf8').split('\n')) {
    const match = /^\| ([A-Z]+) \| `([^`]+)` \| ([^|]+) \|/.exec(line);
    if (match) routes.push({ method: match[1]!, url: match[2]!, access: match[3]!.trim() });
  }
  return routes;
}

export interface FuzzRoute extends IndexedRoute {
  body?: JsonSchema;
  query?: JsonSchema;
  params?: JsonSchema;
}

export type Caller = 'none' | 'vendor' | 'pos' | 'admin';
export const CALLERS: Caller[] = ['none', 'vendor', 'pos', 'admin'];

export interface FuzzWorld {
  t: TestApp;
  routes: FuzzRoute[];
  tokens: Record<Exclude<Caller, 'none'>, string>;
  vendorId: string;
  /** Makes the caller's credential anew when the fuzz ended it (logout, deactivation, …). */
  renew(caller: Exclude<Caller, 'none'>): Promise<void>;
  ids: () => string[];
  refreshIds(): Promise<void>;
  close(): Promise<void>;
}

let producers = 0;
/** A producer registered, confirmed and signed in through the API: its id and token. */
export async function signedInProducer(t: TestApp, email: string, remoteAddress = '127.0.0.1') {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    remoteAddress,
    payload: registrationBody(email),
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
  const id = registered.json<{ userId: string }>().userId;
  await t.database.db
    .update(vendors)
    .set({ emailConfirmedAt: clock.now() })
    .where(eq(vendors.id, id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/login',
    remoteAddress,
    payload: { email, password: TEST_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return { id, token: login.json<{ token: string }>().token };
}

/**
 * The app the fuzz runs against: the demo data (producers, contracts, products), an admin, a
 * producer and a till key; no background job that writes on its own (outbox, cleanup, geocoding,
 * the daily contract job), so each change of the database is a request's; the change log on.
 */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const schemas = new Map<string, Partial<FuzzRoute>>();
  const t = await createTestApp({
    env: { DEMO_DATA: 'true' },
    build: {
      startOutbox: false,
      startCleanup: false,
      startGeocoding: false,
      startLifecycle: false,
      startWaitlist: false,
      startSalesImport: false,
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        for (const method of ([] as string[]).concat(route.method)) {
          schemas.set(`${method} ${route.url}`, {
            body: jsonSchemaOf(schema.body),
            query: jsonSchemaOf(schema.querystring),
            params: jsonSchemaOf(schema.params),
          });
        }
      },
    },
  });
  const routes = routeIndex().map((route) => {
    const schema = schemas.get(`${route.method} ${route.url}`);
    if (!schema) throw new Error(`${route.method} ${route.url} of docs/routes.md is no route`);
    return { ...route, ...schema };
  });
  // each renewal from an address of its own: the fuzz must not use up the rate limits of one
  let renewals = 0;
  const address = () => `10.99.${(renewals >> 8) & 255}.${renewals++ & 255}`;
  const signedInAdmin = async () => {
    const username = `fuzz-admin-${renewals}`;
    await createAdmin(t.database.db, { username, name: 'Eva Fuzz', password: TEST_PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address(),
      payload: { username, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`admin login: ${login.body}`);
    return login.json<{ token: string }>().token;
  };
  const tokens = { admin: await signedInAdmin(), vendor: '', pos: '' };
  let vendorId = '';
  const renew = async (caller: Exclude<Caller, 'none'>) => {
    if (caller === 'admin') tokens.admin = await signedInAdmin();
    if (caller === 'vendor') {
      const vendor = await signedInProducer(
        t,
        `fuzz-producer-${producers++}@beispiel.de`,
        address(),
      );
      vendorId = vendor.id;
      tokens.vendor = vendor.token;
    }
    if (caller === 'pos') {
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/admin/pos-keys',
        remoteAddress: address(),
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: { name: `Fuzz-Kasse ${renewals}` },
      });
      if (key.statusCode === 401) {
        await renew('admin');
        return renew('pos');
      }
      tokens.pos = key.json<{ secret: string }>().secret;
    }
  };
  await renew('vendor');
  await renew('pos');

  // the ids of the moment, from every table with an id column
  const idTables = (
    (await t.database.db.execute(
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'id' order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((row) => row.name);
  let ids: string[] = [];
  const refreshIds = async () => {
    const union = idTables
      .map((table) => `(select id::text as id from "${table}" order by id desc limit 3)`)
      .join(' union all ');
    const found = (
      (await t.database.db.execute(sql.raw(union))) as unknown as { rows: { id: string }[] }
    ).rows.map((row) => row.id);
    ids = [...found, vendorId, '00000000-0000-0000-0000-000000000000'];
  };
  await refreshIds();
  await installChangeLog(t.database.db);
  if ((await tablesOf(t.database.db)).length < 20) throw new Error('the tables were not found');
  await takeChanges(t.database.db);
  return {
    t,
    routes,
    tokens,
    get vendorId() {
      return vendorId;
    },
    renew,
    ids: () => ids,
    refreshIds,
    close: () => t.close(),
  };
}

export interface FuzzStats {
  requests: number;
  durationMs: number;
  perRoute: Record<string, number>;
  /** Per route: status → count. */
  perRouteStatuses: Record<string, Record<string, number>>;
  statuses: Record<string, number>;
  perCaller: Record<string, number>;
  /** Credentials made anew after the fuzz ended them. */
  renewals: number;
  /** Per route: milliseconds summed. */
  perRouteMs: Record<string, number>;
  /** Refused requests (4xx) after which the database was compared. */
  refusedChecked: number;
  /** Requests that got past the access check to a route's handler (not 401/403). */
  pastAccess: number;
}

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** Stop after this long (the part in `npm test`); the requests up to then count. */
  timeLimitMs?: number;
}

/** encodeURIComponent of any text (a lone surrogate made a replacement character). */
const encode = (text: string) =>
  // String.prototype.toWellFormed: Node 20, not yet in the TypeScript lib the server uses
  encodeURIComponent((text as unknown as { toWellFormed(): string }).toWellFormed());

/** A query string of an object: arrays as repeated keys, objects as JSON. */
function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined) continue;
      const text = typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.join('&');
}

/** The body as text, uncompressed when the server compressed it (Accept-Encoding). */
function decoded(encoding: unknown, raw: Buffer): string {
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

const ERROR_KEYS = new Set(['success', 'message', 'errors']);
/** zod's or Fastify's English words, never meant for a user. */
const ENGLISH = /\b(expected|received|Invalid input|Required|Too (small|big)|must be|Unexpected)\b/;

/** The reason an answer breaks the rules, or undefined. */
function violation(
  route: FuzzRoute,
  status: number,
  contentType: string,
  body: string,
  changes: Record<string, number>,
): string | undefined {
  if (status >= 500) {
    if (route.url === '/api/geocode' && status === 503 && body.includes(GEOCODE_UNAVAILABLE)) {
      return undefined; // the geocoding service is unreachable in tests: its documented answer
    }
    return `answered ${status}`;
  }
  if (status < 400) return undefined;
  if (!contentType.includes('application/json')) return `a ${status} as ${contentType}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `a ${status} that is no JSON`;
  }
  const shape = json as { success?: unknown; message?: unknown; errors?: unknown };
  if (
    typeof json !== 'object' ||
    json === null ||
    shape.success !== false ||
    typeof shape.message !== 'string' ||
    shape.message.trim() === '' ||
    (shape.errors !== undefined && !Array.isArray(shape.errors)) ||
    Object.keys(json).some((key) => !ERROR_KEYS.has(key))
  ) {
    return `a ${status} not in the shape { success: false, message, errors? }`;
  }
  if (ENGLISH.test(shape.message)) return `a ${status} with an English message`;
  if (Object.keys(changes).length > 0) {
    return `a refused request (${status}) changed the database: ${JSON.stringify(changes)}`;
  }
  return undefined;
}

const CONTENT_TYPES = [
  ...Array<string>(24).fill('application/json'),
  'application/json; charset=utf-8',
  'text/plain',
  'text/csv; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  '',
];

/** Runs the fuzz; throws at the first answer that breaks a rule, with the request. */
export async function runFuzz(world: FuzzWorld, options: FuzzOptions): Promise<FuzzStats> {
  const { t, routes } = world;
  const db = t.database.db;
  const known = knownRequests(() => world.vendorId);
  const context: ValueContext = { ids: world.ids };
  const stats: FuzzStats = {
    requests: 0,
    durationMs: 0,
    perRoute: {},
    perRouteStatuses: {},
    statuses: {},
    perCaller: {},
    renewals: 0,
    perRouteMs: {},
    refusedChecked: 0,
    pastAccess: 0,
  };
  // each route's arbitraries, made once
  const arbitraries = new Map(
    routes.map((route) => {
      const key = `${route.method} ${route.url}`;
      const bodySchema = route.body;
      const names = [
        ...new Set([
          ...Object.keys((route.query?.properties ?? {}) as object),
          ...(known[key]?.query ?? []),
        ]),
      ];
      return [
        key,
        {
          validBody: validOf(bodySchema, context),
          validQuery: route.query ? validOf(route.query, context) : fc.constant({}),
          names: [...names, 'q', '__proto__', 'constructor'],
          param: (name: string) =>
            fc.oneof(
              { weight: 4, arbitrary: validOf(route.params?.properties?.[name], context, name) },
              { weight: 4, arbitrary: anId(context.ids) },
              {
                weight: 1,
                arbitrary: fc.constantFrom('2026-10', '2026-09', '2026-13', 'profile', 'banner'),
              },
              { weight: 2, arbitrary: nastyText },
              {
                weight: 1,
                arbitrary: fc.constantFrom('x'.repeat(199), 'x'.repeat(400), '..', '.'),
              },
            ),
        },
      ];
    }),
  );
  // a credential the fuzz ended (a logout, a deactivated producer, a deleted till key) is made
  // anew when its route answers 401 to it; what that writes is not the next request's
  let renewed = false;
  let index = 0;
  const started = performance.now();

  const property = fc.asyncProperty(fc.gen(), async (g) => {
    const route = routes[index++ % routes.length]!;
    const key = `${route.method} ${route.url}`;
    const arbitrary = arbitraries.get(key)!;
    if (index % 200 === 0) await world.refreshIds();

    // who calls: mostly the one the route is for
    const intended: Caller =
      route.access === 'admin'
        ? 'admin'
        : route.access === 'pos'
          ? 'pos'
          : route.access.startsWith('vendor')
            ? 'vendor'
            : 'none';
    const caller = g(() =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(intended) },
        { weight: 2, arbitrary: fc.constantFrom(...CALLERS) },
      ),
    );
    const token = caller === 'none' ? undefined : world.tokens[caller];

    // the path
    const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
      encode(String(g(() => arbitrary.param(name)))),
    );

    // the query: valid, one value on a boundary, or hostile
    const queryMode = g(() => fc.constantFrom('none', 'valid', 'valid', 'boundary', 'hostile'));
    let search = '';
    if (queryMode === 'valid' || queryMode === 'boundary') {
      const values = { ...(g(() => arbitrary.validQuery) as Record<string, unknown>) };
      if (queryMode === 'boundary') {
        const name = g(() => fc.constantFrom(...arbitrary.names));
        values[name] = g(() => boundaryOf(route.query?.properties?.[name]));
      }
      search = queryString(values);
    } else if (queryMode === 'hostile') {
      const pairs = g(() =>
        fc.array(fc.tuple(fc.constantFrom(...arbitrary.names), nastyText), {
          minLength: 1,
          maxLength: 4,
        }),
      );
      search = pairs.map(([n, v]) => `${encode(n)}=${encode(v)}`).join('&');
      // a valid address would go to the (unreachable) geocoding service
      if (route.url === '/api/geocode') search += '&address=%00';
    }

    // the body: valid (the known one or from the schema), one field on a boundary, or hostile
    let payload: string | undefined;
    const bodyMode = g(() =>
      fc.constantFrom('valid', 'valid', 'boundary', 'boundary', 'field', 'whole', 'raw', 'proto'),
    );
    if (route.method !== 'GET') {
      const knownBody = known[key]?.body;
      const base = (
        knownBody && g(() => fc.boolean()) ? knownBody() : g(() => arbitrary.validBody)
      ) as unknown;
      const object =
        typeof base === 'object' && base !== null && !Array.isArray(base)
          ? (base as Record<string, unknown>)
          : {};
      const fields = [
        ...new Set([...Object.keys(object), ...Object.keys(route.body?.properties ?? {})]),
      ];
      const field = fields.length ? g(() => fc.constantFrom(...fields)) : 'x';
      switch (bodyMode) {
        case 'valid':
          payload = JSON.stringify(base);
          break;
        case 'boundary':
          payload = JSON.stringify({
            ...object,
            [field]: g(() => boundaryOf(route.body?.properties?.[field])),
          });
          break;
        case 'field':
          payload = JSON.stringify({ ...object, [field]: g(() => anyValue) });
          break;
        case 'whole':
          payload = JSON.stringify(g(() => anyValue));
          break;
        case 'raw':
          payload = g(() =>
            fc.oneof(
              fc.json(),
              fc.string(),
              nastyText,
              fc.constantFrom(
                '',
                '{',
                '{"a":',
                '['.repeat(5000) + ']'.repeat(5000),
                `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`,
                'beleg;position\r\n1;2',
              ),
            ),
          );
          break;
        case 'proto':
          payload = `{"__proto__":{"isAdmin":true,"access":"public"},"constructor":{"prototype":{"x":1}},${JSON.stringify(object).slice(1)}`;
          if (payload.endsWith(',}')) payload = payload.slice(0, -2) + '}';
          if (payload.endsWith('{}')) payload = payload.slice(0, -1) + '}';
          break;
      }
    }

    // the headers
    const contentType = g(() => fc.constantFrom(...CONTENT_TYPES));
    const authorization = token
      ? g(() =>
          fc.oneof(
            { weight: 8, arbitrary: fc.constant(`Bearer ${token}`) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                `bearer ${token}`,
                `Bearer ${token}x`,
                `Bearer  ${token} `,
                `Basic ${Buffer.from('eva:x').toString('base64')}`,
              ),
            },
          ),
        )
      : undefined;
    const extra = g(() =>
      fc.subarray(
        [
          ['x-auth-token', world.tokens.vendor],
          ['x-auth-token', 'a'.repeat(30)],
          ['cookie', 'session=abc; token=%00'],
          ['accept', 'application/pdf'],
          ['range', 'bytes=0-10'],
          ['x-forwarded-for', '1.2.3.4, <script>'],
          ['if-none-match', '"abc"'],
          ['accept-encoding', 'gzip, br'],
          ['origin', 'https://boese.example'],
        ] as [string, string][],
        { maxLength: 3 },
      ),
    );
    const headers: Record<string, string> = Object.fromEntries(extra);
    if (contentType) headers['content-type'] = contentType;
    if (authorization) headers.authorization = authorization;
    const url = search ? `${path}?${search}` : path;

    if (renewed) await takeChanges(db);
    renewed = false;
    const sent = performance.now();
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      remoteAddress: g(() => fc.ipV4()),
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    stats.perRouteMs[key] = (stats.perRouteMs[key] ?? 0) + performance.now() - sent;
    const changes = await takeChanges(db);
    const status = response.statusCode;
    stats.requests++;
    stats.perRoute[key] = (stats.perRoute[key] ?? 0) + 1;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    const ofRoute = (stats.perRouteStatuses[key] ??= {});
    ofRoute[status] = (ofRoute[status] ?? 0) + 1;
    stats.perCaller[caller] = (stats.perCaller[caller] ?? 0) + 1;
    if (status >= 400 && status < 500) stats.refusedChecked++;
    if (status !== 401 && status !== 403) stats.pastAccess++;
    if (
      status === 401 &&
      caller === intended &&
      caller !== 'none' &&
      authorization === `Bearer ${token}`
    ) {
      await world.renew(caller);
      renewed = true;
      stats.renewals++;
    }
    const problem = violation(
      route,
      status,
      String(response.headers['content-type'] ?? ''),
      decoded(response.headers['content-encoding'], response.rawPayload),
      changes,
    );
    if (problem) {
      throw new Error(
        `${problem}\n  ${caller} ${route.method} ${url}\n  headers ${JSON.stringify(headers)}\n  body ${payload?.slice(0, 300)}\n  answer ${response.body.slice(0, 300)}`,
      );
    }
  });

  await fc.assert(property, {
    seed: options.seed,
    numRuns: options.runs,
    endOnFailure: true,
    ...(options.timeLimitMs
      ? { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }
      : {}),
  });
  stats.durationMs = Math.round(performance.now() - started);
  return stats;
}

/** The figures: requests per route, statuses, callers, duration. */
export function formatStats(stats: FuzzStats, database: string): string {
  const lines = [
    `API fuzz on ${database}: ${stats.requests} requests in ${(stats.durationMs / 1000).toFixed(1)} s ` +
      `(${Math.round(stats.requests / (stats.durationMs / 1000))}/s), ` +
      `${Object.keys(stats.perRoute).length} routes`,
    `statuses: ${Object.entries(stats.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
    `callers: ${Object.entries(stats.perCaller)
      .map(([caller, count]) => `${caller}×${count}`)
      .join(' ')}`,
    `refused and compared: ${stats.refusedChecked}; past the access check: ${stats.pastAccess}; ` +
      `credentials made anew: ${stats.renewals}`,
    'requests per route:',
    ...Object.entries(stats.perRoute).map(
      ([route, count]) =>
        `  ${String(count).padStart(6)}  ${route.padEnd(56)} ${String(
          Math.round((stats.perRouteMs[route] ?? 0) / count),
        ).padStart(4)} ms  ${Object.entries(stats.perRouteStatuses[route] ?? {})
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    ),
  ];
  return lines.join('\n');
}
