import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from './lib/paths';

/**
 * Every environment variable the server reads, parsed once (ARCHITECTURE.md
 * "Configuration"). A bad value stops the process with a clear message.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

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
  PUBLIC_URL: z
    .string()
    .refine((value) => /^https?:\/\/[^\s/]+/.test(value), {
      error: 'expected an http(s):// address',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  DEMO_DATA: booleanFlag.default(true),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), { error: 'expected a redis:// address' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the server serves it when the folder exists. */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /** Nominatim-compatible search endpoint for addresses (server side only). */
  GEOCODER_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), { error: 'expected an http(s):// address' })
    .default('https://nominatim.openstreetmap.org/search'),
  /** Contact address sent to the geocoding service, as its usage policy asks. */
  GEOCODER_EMAIL: z.string().optional(),
  /** Requests per minute per client on /api (the forms have their own, stricter limit). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export interface RateLimits {
  /** Requests per minute per client on all of /api. */
  global: number;
  /** Sign-ups, contact messages, contest entries per client per hour. */
  forms: number;
  /** Login attempts per client per 15 minutes (per account: see the vendor-auth service). */
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
  publicUrl: string;
  demoData: boolean;
  redisUrl: string | undefined;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  rateLimits: RateLimits;
  /** How often the outbox worker looks for mail, in ms. */
  outboxPollMs: number;
  geocoderUrl: string;
  geocoderEmail: string | undefined;
  /** How often the geocoding worker looks for addresses without coordinates, in ms (0: never). */
  geocodePollMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    demoData: e.DEMO_DATA,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { global: e.RATE_LIMIT_PER_MINUTE, forms: 20, login: 30, sensitive: 20 },
    outboxPollMs: 2000,
    geocoderUrl: e.GEOCODER_URL,
    geocoderEmail: e.GEOCODER_EMAIL,
    geocodePollMs: 30_000,
  };
}
