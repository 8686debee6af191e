import { describe, expect, it } from 'vitest';
import { RequestLimiter } from './request-limiter';

describe('request limiter (spec §7)', () => {
  it('runs a key at most once a second and shares a call that is still running', async () => {
    let t = 0;
    const limiter = new RequestLimiter(1000, () => t);
    let calls = 0;
    let release: (value: string) => void = () => {};
    const call = () =>
      new Promise<string>((resolve) => {
        calls++;
        release = resolve;
      });
    const first = limiter.run('trial', call);
    const duplicate = limiter.run('trial', call);
    expect(calls).toBe(1);
    release('ok');
    expect(await first).toBe('ok');
    expect(await duplicate).toBe('ok');

    t = 500;
    await expect(limiter.run('trial', call)).rejects.toThrow(
      'Zu viele Anfragen. Bitte warte einen Moment.',
    );
    // another key is not affected
    const other = limiter.run('cancel:1', call);
    release('other');
    expect(await other).toBe('other');
    t = 1000;
    const later = limiter.run('trial', call);
    release('later');
    expect(await later).toBe('later');
  });
});
