import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test-utils';
import { fetchTrialStatus } from './trial-status';

describe('trial status (spec §4, §8)', () => {
  it('refuses the call without a valid token', async () => {
    const calls = stubFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    await expect(fetchTrialStatus()).rejects.toThrow('Keine gültige Authentifizierung gefunden');
    expect(calls).toHaveLength(0);
  });
});
