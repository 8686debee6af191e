import { clock } from '@housnkuh/shared/clock';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin, type SessionInfo } from './auth';
import { errorsPlugin } from './errors';

declare module './auth' {
  interface OwnedResources {
    thing: true;
  }
}

const SESSION: SessionInfo = {
  sessionId: 's1',
  kind: 'vendor',
  accountId: 'v1',
  expiresAt: new Date(clock.nowMs() + 60_000),
};
const TOKEN = 'a'.repeat(32);

async function appWith(routes: (app: FastifyInstance) => void, resolve = true) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  app.access.authenticateWith('vendor', async (token) => (token === TOKEN ? SESSION : undefined));
  if (resolve) {
    app.access.ownedBy('thing', {
      ownerOf: async (params) =>
        params.id === 'mine' ? 'v1' : params.id === 'theirs' ? 'v2' : undefined,
      notFound: 'Gibt es nicht.',
      forbidden: 'Nicht deins.',
    });
  }
  routes(app);
  return app;
}

describe('access rules', () => {
  it('refuses to start with an /api route that has no rule', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin);
    expect(() => app.get('/api/x', async () => 'x')).toThrow(/no access rule/);
  });

  it('refuses to start when nobody resolves a resource a route names', async () => {
    const app = await appWith(
      (a) =>
        a.get('/api/things/:id', { config: { access: { vendorOwns: 'thing' } } }, async () => 'x'),
      false,
    );
    await expect(app.ready()).rejects.toThrow(/No owner resolver for thing/);
  });

  it("lets nobody through 'admin' while no admin sign-in is registered", async () => {
    const app = await appWith((a) =>
      a.get('/api/a', { config: { access: 'admin' } }, async () => 'x'),
    );
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { 'x-auth-token': TOKEN }]) {
      const response = await app.inject({ method: 'GET', url: '/api/a', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it("lets nobody through 'pos' without the till's key check, and only a key it finds with it", async () => {
    const app = await appWith((a) =>
      a.get('/api/pos/x', { config: { access: 'pos' } }, async (request) => request.posCaller),
    );
    // a producer's session is no till key
    const session = await app.inject({
      method: 'GET',
      url: '/api/pos/x',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(session.statusCode).toBe(401);
    app.access.authenticatePosWith(async (secret) =>
      secret === 'k'.repeat(43) ? { keyId: 'k1', name: 'Kasse' } : undefined,
    );
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await app.inject({ method: 'GET', url: '/api/pos/x', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false });
    }
    const key = await app.inject({
      method: 'GET',
      url: '/api/pos/x',
      headers: { authorization: `Bearer ${'k'.repeat(43)}` },
    });
    expect(key.json()).toEqual({ keyId: 'k1', name: 'Kasse' });
  });

  it('checks vendor sessions and ownership', async () => {
    const app = await appWith((a) => {
      a.get(
        '/api/v',
        { config: { access: 'vendor' } },
        async (request: FastifyRequest) => request.auth?.accountId,
      );
      a.get('/api/things/:id', { config: { access: { vendorOwns: 'thing' } } }, async () => 'ok');
    });
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await app.inject({ url: '/api/v' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v', headers: auth })).body).toBe('v1');
    expect((await app.inject({ url: '/api/things/mine' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/things/mine', headers: auth })).body).toBe('ok');
    const theirs = await app.inject({ url: '/api/things/theirs', headers: auth });
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Nicht deins.']);
    const unknown = await app.inject({ url: '/api/things/nope', headers: auth });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Gibt es nicht.']);
  });
});
