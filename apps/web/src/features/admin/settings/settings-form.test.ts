import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { describe, expect, it } from 'vitest';
import { toFormValues, toSettings } from './settings-form';

// The VAT id lives in the billing data (docs/decisions/0048-vat-id-once.md): the settings form
// neither holds nor sends it, so a form loaded before a change cannot put an old one back.
describe('the settings form and the VAT id', () => {
  it('holds the legal data without the VAT id and sends none', () => {
    const settings = {
      ...INITIAL_SITE_SETTINGS,
      legal: { ...INITIAL_SITE_SETTINGS.legal, ownerName: 'Eva Muster', vatId: 'DE123456789' },
    };
    const values = toFormValues(settings);
    expect(values.legal).not.toHaveProperty('vatId');
    expect(values.legal.ownerName).toBe('Eva Muster');
    const body = toSettings(values) as { legal: Record<string, unknown> };
    expect(body.legal).not.toHaveProperty('vatId');
    expect(JSON.stringify(body)).not.toContain('DE123456789');
  });
});
