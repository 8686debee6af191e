import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accountsModule } from './modules/accounts';
import { auditModule } from './modules/audit';
import { billingModule } from './modules/billing';
import { bookingsModule } from './modules/bookings';
import { contactModule } from './modules/contact';
import { contentModule } from './modules/content';
import { contestModule } from './modules/contest';
import { contractsModule } from './modules/contracts';
import { dashboardModule } from './modules/dashboard';
import { directoryModule } from './modules/directory';
import { geocodingModule } from './modules/geocoding';
import { healthModule } from './modules/health';
import { mailModule } from './modules/mail';
import type { MailTransport } from './modules/mail/public';
import { mediaModule } from './modules/media';
import { newsletterModule } from './modules/newsletter';
import { productsModule } from './modules/products';
import { profilesModule } from './modules/profiles';
import { retentionModule } from './modules/retention';
import { salesModule } from './modules/sales';
import { settlementModule } from './modules/settlement';
import { documentsModule } from './modules/documents';
import { usersModule } from './modules/users';
import { vendorsModule } from './modules/vendors';
import { authPlugin } from './plugins/auth';
import { backupSocketPlugin } from './plugins/backup-socket';
import { corePlugin } from './plugins/core';
import { dbPlugin, prepareDatabase } from './plugins/db';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { logSerializers, REDACT_PATHS } from './plugins/logging';
import { mailPlugin } from './plugins/mail';
import { securityPlugin } from './plugins/security';
import { loadWebBuild, webBuildPlugin, webPlugin } from './plugins/web';

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
  /** Start the worker of large sales imports (default true). */
  startSalesImport?: boolean;
  /** Start the contracts' daily job (default true; the API fuzz keeps the database still). */
  startLifecycle?: boolean;
  /** Start the waiting list's worker (default true; docs/decisions/0074). */
  startWaitlist?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout's JSON lines (server.ts: readable lines on a terminal). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the route index: test/route-index.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** How long one plugin may take to start (Fastify's default 10 s; tests a shorter one). */
  pluginTimeout?: number;
}

/** Trusts the `hops` nearest addresses of a request (the socket's peer is hop 0). */
function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The whole server: Fastify with its options, then the infrastructure plugins
 * and one plugin per module, in this order (docs/decisions/0013). Tests call
 * it directly and use app.inject.
 */
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
    // A stop (SIGTERM, server.ts) stops accepting connections at once (the proxy sends new ones
    // to another instance) and finishes the requests under way; one that arrives meanwhile on a
    // connection already open is served too, with `Connection: close`, rather than refused with
    // a 503 the proxy may not retry (a POST): a rolling restart loses nothing (docs/decisions/0050)
    return503OnClosing: false,
    // a hop count as a function: Fastify itself no longer takes numbers
    trustProxy:
      typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Fastify answers /api/faqs/public/ like /api/faqs/public
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    ...(options.pluginTimeout === undefined ? {} : { pluginTimeout: options.pluginTimeout }),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // The database first, outside every plugin's time limit: opening, migrating and
  // seeding an empty one may take longer than that on a slow machine.
  const database = await prepareDatabase(config, app.log, options.database);
  // the web build too: importing the server-side renderer may take seconds on a busy machine
  const webBuild = await loadWebBuild(config.webDist);

  // infrastructure
  await app.register(corePlugin, { config });
  await app.register(dbPlugin, { database, close: !options.database });
  await app.register(errorsPlugin);
  await app.register(webBuildPlugin, { webBuild });
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin, { transport: options.mailTransport, start: options.startOutbox });
  await app.register(jobsPlugin, {
    enabled: {
      geocoding: options.startGeocoding,
      cleanup: options.startCleanup,
      deletions: options.startCleanup,
      'sales-import': options.startSalesImport,
      lifecycle: options.startLifecycle,
      waitlist: options.startWaitlist,
    },
  });
  await app.register(webPlugin);
  if (!options.database) await app.register(backupSocketPlugin);

  // modules
  await app.register(contentModule);
  await app.register(healthModule);
  await app.register(mediaModule);
  await app.register(vendorsModule);
  await app.register(profilesModule);
  await app.register(accountsModule);
  await app.register(contractsModule);
  await app.register(productsModule);
  await app.register(salesModule);
  await app.register(documentsModule);
  await app.register(billingModule);
  await app.register(settlementModule);
  await app.register(bookingsModule);
  await app.register(directoryModule);
  await app.register(geocodingModule);
  await app.register(newsletterModule);
  await app.register(contactModule);
  await app.register(contestModule);
  await app.register(auditModule);
  await app.register(dashboardModule);
  await app.register(usersModule);
  await app.register(retentionModule);
  await app.register(mailModule);

  return app;
}
