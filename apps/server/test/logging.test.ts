import { describe, expect, it } from 'vitest';
import { maskUrl } from '../src/plugins/logging';

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
