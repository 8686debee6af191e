import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      demoData: true,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/h',
      DATABASE_URL: 'postgres://u@db/h',
      SMTP_URL: 'smtp://u:p@mail:587',
      PUBLIC_URL: 'https://housnkuh.de/',
      DEMO_DATA: 'false',
      REDIS_URL: 'redis://127.0.0.1:6379',
      INSTANCE_NAME: 'app1',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/h',
      databaseUrl: 'postgres://u@db/h',
      smtpUrl: 'smtp://u:p@mail:587',
      publicUrl: 'https://housnkuh.de',
      demoData: false,
      redisUrl: 'redis://127.0.0.1:6379',
      instanceName: 'app1',
    });
  });

  it('names the instance after the host unless INSTANCE_NAME says otherwise', () => {
    expect(loadConfig({}).instanceName).toMatch(/^[A-Za-z0-9_.-]{1,60}$/);
    expect(() => loadConfig({ INSTANCE_NAME: '../etc' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad value', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        DEMO_DATA: 'vielleicht',
        PUBLIC_URL: 'shop',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('DEMO_DATA');
      expect(problems).toContain('PUBLIC_URL');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('reads a test clock only as an instant with its zone', () => {
    expect(loadConfig({}).clockStart).toBeUndefined();
    expect(loadConfig({ CLOCK_START: '2026-11-25T23:59:30+01:00' }).clockStart?.toISOString()).toBe(
      '2026-11-25T22:59:30.000Z',
    );
    for (const bad of ['2026-11-25', '2026-11-25T23:59:30', 'morgen', '2026-13-45T10:00:00Z']) {
      expect(() => loadConfig({ CLOCK_START: bad }), bad).toThrow(/CLOCK_START/);
    }
  });

  it('trusts no proxy by default, and never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // `true` trusts neither every hop nor the private network: only a proxy on this machine
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual(
      ['10.0.0.2', '192.168.0.0/16', '::1', 'fd00::/8'],
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['proxy.example', '10.0.0.300', '10.0.0.0/33', '11', 'true,10.0.0.1', '*']) {
      try {
        loadConfig({ TRUST_PROXY: bad });
        expect.unreachable(bad);
      } catch (error) {
        expect(error, bad).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems.join('\n'), bad).toContain('TRUST_PROXY');
      }
    }
  });

  it('takes a setup code of at least 16 characters only', () => {
    expect(loadConfig({}).adminSetupCode).toBeUndefined();
    expect(loadConfig({ ADMIN_SETUP_CODE: 'einrichtung-2026' }).adminSetupCode).toBe(
      'einrichtung-2026',
    );
    for (const short of ['12345678', 'einrichtung-202', '   kurz-und-knapp   ']) {
      expect(() => loadConfig({ ADMIN_SETUP_CODE: short }), short).toThrow(
        /ADMIN_SETUP_CODE: at least 16 characters/,
      );
    }
  });

  it('bounds database calls and requests with timeouts', () => {
    expect(loadConfig({})).toMatchObject({
      databaseConnectTimeoutMs: 5_000,
      databaseStatementTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
    });
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '15000',
        REQUEST_TIMEOUT_MS: '60000',
      }),
    ).toMatchObject({
      databaseConnectTimeoutMs: 2_000,
      databaseStatementTimeoutMs: 15_000,
      requestTimeoutMs: 60_000,
    });
    for (const [name, value] of [
      ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
      ['DATABASE_STATEMENT_TIMEOUT_MS', 'lang'],
      ['REQUEST_TIMEOUT_MS', '86400000'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
    }
  });
});
