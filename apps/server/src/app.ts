import path from 'node:path';
import zlib from 'node:zlib';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { OutboxWorker } from './mail/outbox';
import { fileTransport, smtpTransport, type MailTransport } from './mail/transport';
import { AccountCleanupWorker } from './modules/auth/account-cleanup';
import { contactRoutes } from './modules/contact/contact.routes';
import { contestRoutes } from './modules/contest/contest.routes';
import { faqRoutes } from './modules/faqs/faqs.routes';
import { listPublicFaqs, withOpeningPhase } from './modules/faqs/faqs.service';
import { cached, type Cached } from './lib/cache';
import type { Faq } from '@housnkuh/shared/schemas/faq';
import { healthRoutes } from './modules/health/health.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import {
  availableFilters,
  findPublicVendor,
  listDirectory,
} from './modules/directory/directory.service';
import { directoryQuerySchema, type DirectoryResponse } from '@housnkuh/shared/schemas/directory';
import { GeocodeWorker } from './modules/geocoding/geocode-worker';
import { Geocoder } from './modules/geocoding/geocoder';
import { geocodeRoutes } from './modules/geocoding/geocode.routes';
import { imageRoutes } from './modules/images/images.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { vendorAuthRoutes } from './modules/vendor-auth/vendor-auth.routes';
import { vendorMailRenderers } from './modules/vendor-auth/vendor-auth.service';
import { newsletterMailRenderers } from './modules/newsletter/newsletter.service';
import { SettingsService } from './modules/settings/settings.service';
import { registerAuth } from './plugins/auth';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { logSerializers, REDACT_PATHS } from './plugins/logging';
import { registerSecurity } from './plugins/security';
import { loadWebBuild, registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    settings: SettingsService;
    publicFaqs: Cached<Faq[]>;
    directoryFilters: Cached<DirectoryResponse['availableFilters']>;
    outbox: OutboxWorker;
    geocoder: Geocoder;
    geocodeWorker: GeocodeWorker;
    /** Rate limit of the public forms (newsletter, contact, contest, registration). */
    formRateLimit: { max: number; timeWindow: string };
  }
}

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests). */
  database?: DatabaseHandle;
  /** A mail transport to use instead of SMTP_URL / the outbox folder (tests). */
  mailTransport?: MailTransport;
  /** Start the outbox worker (default true). */
  startOutbox?: boolean;
  /** Start the geocoding worker (default true; it also needs config.geocodePollMs > 0). */
  startGeocoding?: boolean;
  /** Start the hourly cleanup of expired sessions, failed logins and links (default true). */
  startCleanup?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout's JSON lines (server.ts: readable lines on a terminal). */
  logStream?: { write(line: string): void };
}

/** Trusts the `hops` nearest addresses of a request (the socket's peer is hop 0). */
function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The whole server: plugins, then modules. Tests call it directly and use app.inject. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACT_PATHS,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 256 * 1024,
    // a request that takes longer (e.g. a database that stopped answering) gets a 503
    handlerTimeout: config.requestTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // a hop count as a function: Fastify itself no longer takes numbers
    trustProxy:
      typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Fastify answers /api/faqs/public/ like /api/faqs/public
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    }));
  const ownsDatabase = !options.database;
  const seed = await seedDatabase(database.db, { demo: config.demoData });
  if (seed.seeded) app.log.info({ demoVendors: seed.demoVendors }, 'initial data loaded');

  const settings = new SettingsService(database.db);
  await settings.reload();
  /** FAQs change rarely; every instance reads them at most every few seconds. */
  const storedFaqs = cached(() => listPublicFaqs(database.db), 5_000);
  /** Filled on every read: the opening date may change while the list is cached. */
  const publicFaqs: Cached<Faq[]> = {
    get: async () => withOpeningPhase(await storedFaqs.get(), (await settings.get()).openingDate),
    invalidate: () => storedFaqs.invalidate(),
  };
  /** Which statuses and tags occur among listed vendors changes rarely: read at most every 10 s. */
  const directoryFilters = cached(() => availableFilters(database.db), 10_000);

  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl)
      : fileTransport(path.join(config.dataDir, 'outbox')));
  const mailDeps = {
    db: database.db,
    settings: () => settings.get(),
    publicUrl: config.publicUrl,
  };
  const outbox = new OutboxWorker(
    database.db,
    transport,
    {
      from: config.mailFrom,
      messageIdDomain: new URL(config.publicUrl).hostname,
      pollMs: config.outboxPollMs,
      // link mails are rendered when sent, so no usable token is stored (decision 0004)
      renderers: { ...vendorMailRenderers(mailDeps), ...newsletterMailRenderers(mailDeps) },
    },
    app.log,
  );

  const geocoder = new Geocoder(
    database.db,
    {
      url: config.geocoderUrl,
      email: config.geocoderEmail,
      userAgent: `housnkuh-server (+${config.publicUrl})`,
    },
    app.log,
  );
  const geocodeWorker = new GeocodeWorker(database.db, geocoder, config.geocodePollMs, app.log);
  const accountCleanup = new AccountCleanupWorker(database.db, app.log);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('settings', settings);
  app.decorate('publicFaqs', publicFaqs);
  app.decorate('directoryFilters', directoryFilters);
  app.decorate('outbox', outbox);
  app.decorate('geocoder', geocoder);
  app.decorate('geocodeWorker', geocodeWorker);
  app.decorate('formRateLimit', { max: config.rateLimits.forms, timeWindow: '1 hour' });

  const webBuild = await loadWebBuild(config.webDist);
  await registerSecurity(app, config, (): SiteSettings => settings.snapshot(), webBuild);
  // Answers over 1 KB compressed on the fly; brotli at a fast level (built assets come precompressed).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const pageFallback = await registerWeb(app, {
    build: webBuild,
    pagesPerMinute: config.pageRateLimit,
    settings: () => settings.get(),
    loaders: {
      faqs: () => publicFaqs.get(),
      vendorProfile: (params) => findPublicVendor(database.db, params.id ?? ''),
      directoryDefault: async () =>
        listDirectory(database.db, directoryQuerySchema.parse({}), await settings.get(), {
          filters: () => directoryFilters.get(),
        }),
    },
  });
  registerErrorHandling(app, pageFallback);
  registerAuth(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(faqRoutes);
      await api.register(newsletterRoutes);
      await api.register(contactRoutes);
      await api.register(contestRoutes);
      await api.register(vendorAuthRoutes);
      await api.register(directoryRoutes);
      await api.register(geocodeRoutes);
      await api.register(imageRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes);

  if (options.startOutbox !== false) app.addHook('onReady', async () => outbox.start());
  if (options.startGeocoding !== false) {
    app.addHook('onReady', async () => geocodeWorker.start());
  }
  if (options.startCleanup !== false) app.addHook('onReady', async () => accountCleanup.start());
  app.addHook('onClose', async () => {
    await accountCleanup.stop();
    await geocodeWorker.stop();
    await outbox.stop();
    await transport.close();
    if (ownsDatabase) await database.close();
  });

  return app;
}
