import { ERRORS } from '@housnkuh/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, type SessionInfo } from '../modules/auth/sessions.service';
import { HttpError } from './errors';

/**
 * Who may call a route. Every /api route must say so: a route without an
 * access rule stops the server at start (deny by default).
 */
export type Access = 'public' | 'vendor' | 'admin' | 'vendor-or-admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller's session, on routes that need one. */
    auth: SessionInfo | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i.exec(header.trim());
    if (match) return match[1];
  }
  return undefined;
}

/** Admins may also send the legacy x-auth-token header (spec §6). */
function adminToken(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const legacy = request.headers['x-auth-token'];
  return typeof legacy === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(legacy) ? legacy : undefined;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const db = app.db;
    if (access === 'vendor' || access === 'vendor-or-admin') {
      const token = bearerToken(request);
      const session = token ? await findSession(db, token, 'vendor') : undefined;
      if (session) {
        request.auth = session;
        return;
      }
    }
    if (access === 'admin' || access === 'vendor-or-admin') {
      const token = adminToken(request);
      const session = token ? await findSession(db, token, 'admin') : undefined;
      if (session) {
        request.auth = session;
        return;
      }
    }
    throw new HttpError(401, ERRORS.noValidToken);
  });
}

/** The vendor id of the caller; for routes with access 'vendor'. */
export function vendorIdOf(request: FastifyRequest): string {
  if (request.auth?.kind !== 'vendor') throw new HttpError(401, ERRORS.noValidToken);
  return request.auth.accountId;
}
