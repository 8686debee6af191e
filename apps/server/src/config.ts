import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from './lib/paths';
import { DIRECTORY_COUNT_CAP } from '@housnkuh/shared/directory';
import { SALES_IMPORT_JOB_LINES } from '@housnkuh/shared/schemas/sales';

/**
 * Every environment variable the server reads, parsed once (ARCHITECTURE.md
 * "Configuration"). A bad value stops the process with a clear message.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/**
 * Whom the server believes about the client's address (X-Forwarded-For):
 * false – nobody, the socket's peer is the client (the default);
 * addresses – exactly these proxies (IPs, CIDR ranges, or the names loopback,
 * linklocal, uniquelocal); `true` stands for `loopback`, a proxy on this
 * machine (a private network is no proof of a proxy: containers and the LAN
 * reach the port too, so a proxy there is named by its address);
 * a number N – the N nearest hops, whoever they are (only where the server's
 * port is reachable through the proxies alone).
 * Never every hop: a client could then name any address in the header and
 * escape every per-client limit.
 */
export type TrustProxy = false | number | string[];

/** What `TRUST_PROXY=true` means: a proxy on this machine. */
export const LOCAL_PROXIES = ['loopback'];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'expected false, true (a proxy on this machine), the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.2,192.168.0.0/16)';

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry) || net.isIP(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const version = net.isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  // `true` once meant "trust every hop", then "any private address"; now a proxy on this machine
  if (['true', 'yes', 'on'].includes(value)) return [...LOCAL_PROXIES];
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'expected at most 10 proxies' });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length || !entries.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  }
  return entries;
});

const milliseconds = z.coerce
  .number({ error: 'expected a number of milliseconds' })
  .int({ error: 'expected a number of milliseconds' })
  .min(100, { error: 'expected at least 100 ms' })
  .max(600_000, { error: 'expected at most 600000 ms (10 minutes)' });

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int({ error: 'expected a port number' })
    .min(0, { error: 'expected a port number between 0 and 65535' })
    .max(65535, { error: 'expected a port number between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), {
      error: 'expected a postgres:// connection string',
    })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), {
      error: 'expected smtp://user:pass@host:port or smtps://…',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('housnkuh <info@housnkuh.de>'),
  /** The code /admin/setup asks for while no admin exists; without it a random one is logged at start. */
  ADMIN_SETUP_CODE: z
    .string()
    .trim()
    .min(16, { error: 'at least 16 characters' })
    .max(200)
    .optional(),
  PUBLIC_URL: z
    .string()
    .refine((value) => /^https?:\/\/[^\s/]+/.test(value), {
      error: 'expected an http(s):// address',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  DEMO_DATA: booleanFlag.default(true),
  /**
   * Tests only: the admin may run the daily contract job for another day than
   * today (POST /api/admin/vertraege/lifecycle with `day`). Never in production.
   */
  JOB_DAY_OVERRIDE: booleanFlag.default(false),
  /**
   * Tests only: the server's clock starts at this instant (ISO 8601 with a
   * zone, e.g. 2026-11-25T23:59:30+01:00) and runs on from there; every "now"
   * and "today" of the server follows it. Such a server also has POST
   * /api/admin/test-clock, which moves its clock forward (docs/decisions/0068).
   * Never in production.
   */
  CLOCK_START: z
    .string()
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        Number.isFinite(Date.parse(value)),
      { error: 'expected an instant like 2026-11-25T23:59:30+01:00' },
    )
    .transform((value) => new Date(value))
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), { error: 'expected a redis:// address' })
    .optional(),
  /** The start of this shop's keys in Redis (several shops or test runs on one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: 'expected letters, digits, . _ or - (at most 60)' })
    .default('housnkuh'),
  /**
   * This instance's name among several on one PostgreSQL (default: the host's name): its note of
   * the mails the mail server accepted is DATA_DIR/outbox-accepted-<name>.jsonl.
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: 'expected letters, digits, . _ or - (at most 60)' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the server serves it when the folder exists. */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Nominatim-compatible search endpoint for addresses (server side only). */
  GEOCODER_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), { error: 'expected an http(s):// address' })
    .default('https://nominatim.openstreetmap.org/search'),
  /** Contact address sent to the geocoding service, as its usage policy asks. */
  GEOCODER_EMAIL: z.string().optional(),
  /** PostgreSQL: how long to wait for a connection (new or from the pool). */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds.default(5_000),
  /** PostgreSQL: how long one statement may run; also how long the health check waits. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(5_000),
  /** How long a request may take in all (its handler, and receiving its body). */
  REQUEST_TIMEOUT_MS: milliseconds.default(30_000),
  /** Requests per minute per client on /api (the forms have their own, stricter limit). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Pages (HTML answers, rendered on the server) per minute per client. */
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** A sales CSV of more lines than this is imported as a background job the page follows. */
  SALES_IMPORT_JOB_LINES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(SALES_IMPORT_JOB_LINES),
});

export interface RateLimits {
  /** Requests per minute per client on all of /api. */
  global: number;
  /** Sign-ups, contact messages, contest entries per client per hour. */
  forms: number;
  /** Login attempts per client per 15 minutes (per account: see modules/accounts/login.service.ts). */
  login: number;
  /** Confirmation links, password resets and re-sent mails per client per hour. */
  sensitive: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminSetupCode: string | undefined;
  publicUrl: string;
  demoData: boolean;
  /** Tests only: the contract job may be run for a given day (JOB_DAY_OVERRIDE). */
  jobDayOverride: boolean;
  /** Tests only: where the clock starts (CLOCK_START); undefined: the real time. */
  clockStart: Date | undefined;
  redisUrl: string | undefined;
  /** The start of this shop's keys in Redis (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  /** This instance's name (INSTANCE_NAME, else the host's name, in letters, digits, . _ -). */
  instanceName: string;
  logLevel: string;
  webDist: string | undefined;
  /** Which proxies may name the client (see TrustProxy). */
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
  /** Pages (HTML answers, not assets) per client per minute. */
  pageRateLimit: number;
  /** PostgreSQL connection timeout (also for a connection from the pool), in ms. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL statement timeout, and the health check's, in ms. */
  databaseStatementTimeoutMs: number;
  /** Longest a request may take, in ms (then 503). */
  requestTimeoutMs: number;
  /** How often the outbox worker looks for mail, in ms. */
  outboxPollMs: number;
  geocoderUrl: string;
  geocoderEmail: string | undefined;
  /** How often the geocoding worker looks for addresses without coordinates, in ms (0: never). */
  geocodePollMs: number;
  /** A sales CSV of more lines than this is imported as a background job. */
  salesImportJobLines: number;
  /** How often the import worker looks for open jobs (another instance's, a restart's), in ms. */
  salesImportPollMs: number;
  /** How long an import job stays with the instance working on it without progress, in ms. */
  salesImportLeaseMs: number;
  /** The directory counts its matches exactly up to this many (DIRECTORY_COUNT_CAP; tests: fewer). */
  directoryCountCap: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The host's name as a file name's part. */
function hostName(): string {
  return (
    os
      .hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '-')
      .slice(0, 60) || 'instance'
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminSetupCode: e.ADMIN_SETUP_CODE,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    demoData: e.DEMO_DATA,
    jobDayOverride: e.JOB_DAY_OVERRIDE,
    clockStart: e.CLOCK_START,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    instanceName: e.INSTANCE_NAME ?? hostName(),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { global: e.RATE_LIMIT_PER_MINUTE, forms: 20, login: 30, sensitive: 20 },
    pageRateLimit: e.PAGE_RATE_LIMIT_PER_MINUTE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    outboxPollMs: 2000,
    geocoderUrl: e.GEOCODER_URL,
    geocoderEmail: e.GEOCODER_EMAIL,
    geocodePollMs: 30_000,
    salesImportJobLines: e.SALES_IMPORT_JOB_LINES,
    salesImportPollMs: 5000,
    salesImportLeaseMs: 30_000,
    directoryCountCap: DIRECTORY_COUNT_CAP,
  };
}
