import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/h',
      databaseUrl: 'postgres://u@db/h',
      smtpUrl: 'smtp://u:p@mail:587',
      publicUrl: 'https://housnkuh.de',
      demoData: false,
      redisUrl: 'redis://127.0.0.1:6379',
    });
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
});
