import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * Per-client limits count by the client's address. Only proxies the operator
 * names (TRUST_PROXY) may tell it with X-Forwarded-For; anyone else's header
 * must change nothing (issue 10, item 1).
 */
const LOGIN_LIMIT = 5;

async function withApp(trustProxy: string, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({
    env: { TRUST_PROXY: trustProxy },
    config: { rateLimits: { global: 10_000, forms: 1000, login: LOGIN_LIMIT, sensitive: 1000 } },
  });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

let attempt = 0;

/** One wrong login (another unknown account each time, so no per-account limit counts). */
async function login(t: TestApp, peer: string, forwardedFor?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/login',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `niemand${attempt++}@beispiel.de`, password: TEST_PASSWORD },
  });
  return response.statusCode;
}

/** Status codes of `count` logins, each with a new made-up address in front. */
async function rotating(t: TestApp, peer: string, count: number, realClient?: string) {
  const codes: number[] = [];
  for (let n = 1; n <= count; n++) {
    const spoofed = `203.0.113.${n}`;
    codes.push(await login(t, peer, realClient ? `${spoofed}, ${realClient}` : spoofed));
  }
  return codes;
}

const limited = [...Array<number>(LOGIN_LIMIT).fill(401), 429, 429];

describe('client addresses behind proxies', () => {
  it('without TRUST_PROXY, a rotating X-Forwarded-For changes nothing', async () => {
    await withApp('false', async (t) => {
      expect(await rotating(t, '198.51.100.20', LOGIN_LIMIT + 2)).toEqual(limited);
    });
  });

  it('with TRUST_PROXY=true, only a proxy on this machine may name the client', async () => {
    await withApp('true', async (t) => {
      expect(await rotating(t, '198.51.100.20', LOGIN_LIMIT + 2)).toEqual(limited);
      // a client in a private network (a container network, the LAN) cannot escape the limit
      for (const peer of ['10.0.0.2', '192.168.1.50', '172.17.0.3', 'fd00::5', 'fe80::1']) {
        expect(await rotating(t, peer, LOGIN_LIMIT + 2), peer).toEqual(limited);
      }
      // a proxy on the same machine passes the client's address on
      expect(await rotating(t, '127.0.0.1', LOGIN_LIMIT + 2, '198.51.100.7')).toEqual(limited);
      expect(await login(t, '127.0.0.1', '198.51.100.8')).toBe(401);
      expect(await login(t, '::1', '198.51.100.9')).toBe(401);
    });
  });

  it('with TRUST_PROXY=<addresses>, only those proxies are believed', async () => {
    await withApp('10.0.0.2,192.168.7.0/24', async (t) => {
      // an untrusted peer, even one in the private network, with a rotating header
      expect(await rotating(t, '10.0.0.3', LOGIN_LIMIT + 2)).toEqual(limited);
      // through the proxy: the address it appended counts, not what the client put in front
      expect(await rotating(t, '10.0.0.2', LOGIN_LIMIT + 2, '198.51.100.7')).toEqual(limited);
      expect(await rotating(t, '192.168.7.40', 1, '198.51.100.7')).toEqual([429]);
      // another client behind the same proxy has its own limit
      expect(await login(t, '10.0.0.2', '198.51.100.8')).toBe(401);
    });
  });

  it('with TRUST_PROXY=1, only the hop in front is believed', async () => {
    await withApp('1', async (t) => {
      expect(await rotating(t, '10.0.0.2', LOGIN_LIMIT + 2, '198.51.100.7')).toEqual(limited);
      expect(await login(t, '10.0.0.5', '198.51.100.8')).toBe(401);
    });
  });
});
