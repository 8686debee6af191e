import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { SERVER } from '@housnkuh/shared/messages';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limit of the public forms (newsletter, contact, contest, registration). */
    formRateLimit: { max: number; timeWindow: string };
  }
}

function originOf(url: string): string | undefined {
  try {
    // Tile templates contain {s}, {z}, … in the host or path; only the origin counts.
    const parsed = new URL(url.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0'));
    const host = url.includes('{s}.') ? parsed.host.replace(/^a\./, '*.') : parsed.host;
    return `${parsed.protocol}//${host}`;
  } catch {
    return undefined;
  }
}

/** Third-party origins the page may load after consent: map tiles and the Instagram widget. */
export function thirdPartyOrigins(settings: SiteSettings) {
  return {
    img: [originOf(settings.mapTileUrl)].filter((o): o is string => Boolean(o)),
    frame: settings.instagramWidgetUrl
      ? [originOf(settings.instagramWidgetUrl)].filter((o): o is string => Boolean(o))
      : [],
  };
}

/**
 * Security headers (a strict Content-Security-Policy: scripts only from this
 * origin, inline only the page's own by hash) and rate limits: every /api route per client,
 * the forms far stricter (see app.formRateLimit). The policy names the
 * third-party origins of the current settings (app.settings, from the content
 * module) and the hashes of the styles and scripts the pages carry inline (app.webBuild).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const currentSettings = (): SiteSettings => app.settings.snapshot();
    const styleHashes = app.webBuild?.styleHashes ?? [];
    const scriptHashes = app.webBuild?.scriptHashes ?? [];
    app.decorate('formRateLimit', { max: config.rateLimits.forms, timeWindow: '1 hour' });
    const https = config.publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", ...styleHashes],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            () => thirdPartyOrigins(currentSettings()).img.join(' ') || "'self'",
          ],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: [() => thirdPartyOrigins(currentSettings()).frame.join(' ') || "'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });

    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());

    await app.register(rateLimit, {
      global: true,
      max: config.rateLimits.global,
      timeWindow: '1 minute',
      // shared by every instance on this Redis: a client's requests count alike on each
      ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}-rl:`, skipOnError: true } : {}),
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        success: false,
        message: SERVER.rateLimited,
        retryAfter: context.after,
      }),
    });
  },
  { name: 'security', dependencies: ['core', 'web-build'] },
);
