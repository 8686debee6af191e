import { ERRORS } from '@housnkuh/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError, ForbiddenError, UnauthenticatedError } from '../lib/domain-errors';

/** The kinds of account that hold sessions. */
export type AccountKind = 'vendor' | 'admin';

/** A caller's session, as the accounts module finds it for a bearer token. */
export interface SessionInfo {
  sessionId: string;
  kind: AccountKind;
  accountId: string;
  expiresAt: Date;
  /** The admin's name, for the audit log (admin sessions only). */
  name?: string;
}

/**
 * Resources a vendor may own; each module that owns one adds its name here
 * (declaration merging) and registers its owner resolver with
 * `app.access.ownedBy(...)`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OwnedResources {}
export type OwnedResource = keyof OwnedResources;

/**
 * Who may call a route, in one word. Every /api route must say so: a route
 * without a rule stops the server at start (deny by default).
 * - 'public': anybody
 * - 'vendor': a vendor's session
 * - { vendorOwns: resource }: a vendor's session, and the resource named by the
 *   path belongs to that vendor (the resource's resolver decides)
 * - 'admin': an admin's session (the accounts module finds admins' sessions)
 * - 'pos': the till, with a key of Einstellungen → Kasse (the sales module checks it;
 *   without its check nobody gets in)
 */
export type Access = 'public' | 'vendor' | 'admin' | 'pos' | { vendorOwns: OwnedResource };

/** The till's key that called a 'pos' route. */
export interface PosCaller {
  keyId: string;
  name: string;
}

/** Finds the till's key of a bearer secret, registered by the module that keeps the keys. */
export type PosAuthenticator = (secret: string) => Promise<PosCaller | undefined>;

/** Finds the session of a bearer token, registered by the module that signs accounts in. */
export type Authenticator = (token: string) => Promise<SessionInfo | undefined>;

/**
 * The owner of a resource named by a route's path parameters: its vendor's
 * id, or undefined when there is no such resource.
 */
export interface OwnerResolver {
  ownerOf(params: Record<string, string | undefined>): Promise<string | undefined>;
  /** The answer when there is no such resource (404). */
  notFound: string;
  /** The answer when it belongs to someone else (403); without it, someone else's is "not found". */
  forbidden?: string;
}

export interface AccessRegistry {
  /** The accounts module tells how a session of `kind` is found. */
  authenticateWith(kind: AccountKind, authenticate: Authenticator): void;
  /** The module owning `resource` tells whose it is. */
  ownedBy(resource: OwnedResource, resolver: OwnerResolver): void;
  /** The module keeping the till's keys tells how a key is found ('pos' routes). */
  authenticatePosWith(authenticate: PosAuthenticator): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller's session, on routes that need one. */
    auth: SessionInfo | null;
    /** The till's key, on 'pos' routes. */
    posCaller: PosCaller | null;
  }
  interface FastifyInstance {
    access: AccessRegistry;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
}

/** Admins may also send the legacy x-auth-token header (spec §6). */
function adminToken(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const legacy = request.headers['x-auth-token'];
  return typeof legacy === 'string' && TOKEN.test(legacy) ? legacy : undefined;
}

/** The account kind a rule asks for, or null for public routes (and the till's). */
function kindOf(access: Access): AccountKind | null {
  if (access === 'public' || access === 'pos') return null;
  if (access === 'admin') return 'admin';
  return 'vendor';
}

/** Deny by default: the access rule of every /api route, checked on each request. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const authenticators = new Map<AccountKind, Authenticator>();
    const resolvers = new Map<OwnedResource, OwnerResolver>();
    let posAuthenticator: PosAuthenticator | undefined;
    app.decorate('access', {
      authenticateWith: (kind, authenticate) => void authenticators.set(kind, authenticate),
      ownedBy: (resource, resolver) => void resolvers.set(resource, resolver),
      authenticatePosWith: (authenticate) => void (posAuthenticator = authenticate),
    } satisfies AccessRegistry);
    app.decorateRequest('auth', null);
    app.decorateRequest('posCaller', null);

    const owned = new Set<OwnedResource>();
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = (route.config as { access?: Access } | undefined)?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} has no access rule`);
      if (typeof access === 'object') owned.add(access.vendorOwns);
    });
    // a route naming a resource nobody resolves would let nobody in: refuse to start
    app.addHook('onReady', async () => {
      for (const resource of owned) {
        if (!resolvers.has(resource)) throw new Error(`No owner resolver for ${resource}`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (access === 'pos') {
        const secret = bearerToken(request);
        const caller = secret && posAuthenticator ? await posAuthenticator(secret) : undefined;
        if (!caller) throw new UnauthenticatedError(ERRORS.noValidPosKey);
        request.posCaller = caller;
        return;
      }
      const kind = access ? kindOf(access) : null;
      if (!kind) return;
      const token = kind === 'admin' ? adminToken(request) : bearerToken(request);
      const authenticate = authenticators.get(kind);
      const session = token && authenticate ? await authenticate(token) : undefined;
      if (!session || session.kind !== kind) throw new UnauthenticatedError(ERRORS.noValidToken);
      request.auth = session;
    });

    // ownership after the path parameters are parsed
    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config?.access;
      if (typeof access !== 'object') return;
      const resolver = resolvers.get(access.vendorOwns)!;
      const owner = await resolver.ownerOf(request.params as Record<string, string | undefined>);
      if (!owner) throw new NotFoundError(resolver.notFound);
      if (owner !== vendorIdOf(request)) {
        if (resolver.forbidden) throw new ForbiddenError(resolver.forbidden);
        throw new NotFoundError(resolver.notFound);
      }
    });
  },
  { name: 'auth' },
);

/** The vendor id of the caller; for routes with a vendor rule. */
export function vendorIdOf(request: FastifyRequest): string {
  if (request.auth?.kind !== 'vendor') throw new UnauthenticatedError(ERRORS.noValidToken);
  return request.auth.accountId;
}

/** The admin making a change, for the audit log; for routes with the admin rule. */
export function adminActorOf(request: FastifyRequest): { id: string; name: string } {
  if (request.auth?.kind !== 'admin') throw new UnauthenticatedError(ERRORS.noValidToken);
  return { id: request.auth.accountId, name: request.auth.name ?? '' };
}
