import { describe, expect, it } from 'vitest';
import { maskUrl, serializeError } from './logging';

describe('log masking', () => {
  it('keeps tokens out of logged URLs', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';
    expect(maskUrl(`/api/newsletter/confirm/${token}`)).toBe('/api/newsletter/confirm/[token]');
    expect(maskUrl(`/newsletter/confirm?token=${token}&x=1`)).toBe(
      '/newsletter/confirm?token=[token]&x=1',
    );
    expect(maskUrl('/api/faqs/public')).toBe('/api/faqs/public');
  });
});

describe('error serialisation', () => {
  it("keeps a failed query's values out of the log, but the SQL and the cause's code", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(lea@beispiel.de) already exists.',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "vendors" ("email") values ($1)\nparams: lea@beispiel.de',
      ),
      {
        query: 'insert into "vendors" ("email") values ($1)',
        params: ['lea@beispiel.de'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('lea@beispiel.de');
    expect(logged).toContain('insert into \\"vendors\\"');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('23505');
  });
});
