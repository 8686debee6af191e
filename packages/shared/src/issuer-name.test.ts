import { describe, expect, it } from 'vitest';
import { issuerName, ISSUER_MESSAGES, isSoleTrader } from './issuer-name';

const legal = (operatorName: string, ownerName: string, legalForm = '') => ({
  operatorName,
  ownerName,
  legalForm,
});

describe('the name the shop issues its invoices under (§ 14 Abs. 4 Nr. 1 UStG)', () => {
  it.each([
    // a sole trader: the brand and the owner's full name
    [legal('housnkuh', 'Eva Beispiel'), 'housnkuh – Inh. Eva Beispiel'],
    [legal('housnkuh', '  Eva Beispiel ', 'Einzelunternehmen'), 'housnkuh – Inh. Eva Beispiel'],
    // a registered merchant: the firm with its suffix
    [legal('housnkuh', 'Eva Beispiel', 'e.K.'), 'housnkuh e.K. – Inh. Eva Beispiel'],
    [legal('housnkuh e.K.', 'Eva Beispiel', 'e. K.'), 'housnkuh e.K. – Inh. Eva Beispiel'],
    [
      legal('housnkuh', 'Eva Beispiel', 'eingetragene Kauffrau'),
      'housnkuh e.Kfr. – Inh. Eva Beispiel',
    ],
    // trading under the own name: the name once
    [legal('Eva Beispiel', 'Eva Beispiel'), 'Eva Beispiel'],
    // a company: its name with its legal form (the representatives are named apart)
    [legal('housnkuh', 'Eva Beispiel', 'GmbH'), 'housnkuh GmbH'],
    [legal('housnkuh GmbH', 'Eva Beispiel', 'GmbH'), 'housnkuh GmbH'],
    [
      legal('housnkuh', 'Eva Beispiel', 'UG (haftungsbeschränkt)'),
      'housnkuh UG (haftungsbeschränkt)',
    ],
  ])('%j → %s', (input, expected) => {
    expect(issuerName(input)).toEqual({ name: expected, missing: [] });
  });

  it('names what is missing while the owner is not entered', () => {
    expect(issuerName(legal('housnkuh', ''))).toEqual({
      name: 'housnkuh',
      missing: [ISSUER_MESSAGES.ownerMissing],
    });
    expect(issuerName(legal('housnkuh', '   ', 'GmbH')).missing).toEqual([
      ISSUER_MESSAGES.ownerMissing,
    ]);
    expect(ISSUER_MESSAGES.ownerMissing).toBe(
      'Name der Inhaberin oder des Inhabers (bei einer Gesellschaft: der Geschäftsführung) fehlt (Einstellungen → Impressum)',
    );
  });

  it('tells a sole trader from a company', () => {
    expect(
      ['', 'Einzelunternehmen', 'Einzelunternehmerin', 'e.K.', 'e. Kfm.'].map(isSoleTrader),
    ).toEqual([true, true, true, true, true]);
    expect(['GmbH', 'GbR', 'UG (haftungsbeschränkt)', 'eG'].map(isSoleTrader)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
