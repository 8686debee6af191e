import { describe, expect, it } from 'vitest';
import { auditAreaLabel, auditChanges, auditSummary, auditValue } from './audit-view';

describe('the Protokoll in German', () => {
  it('labels known fields and words their values: dates, euros, yes/no, units, nested records', () => {
    expect(
      auditChanges(
        {
          monthlyPriceCents: 11575,
          isActive: true,
          validFrom: '2027-01-01',
          provisionType: 'basic',
        },
        {
          monthlyPriceCents: 13300,
          isActive: false,
          validFrom: '2027-02-01',
          provisionType: 'premium',
        },
      ),
    ).toEqual([
      { field: 'monthlyPriceCents', label: 'Monatsmiete', before: '115,75 €', after: '133,00 €' },
      { field: 'isActive', label: 'Aktiv', before: 'ja', after: 'nein' },
      { field: 'validFrom', label: 'Gültig ab', before: '01.01.2027', after: '01.02.2027' },
      {
        field: 'provisionType',
        label: 'Provisionsmodell',
        before: 'Basismodell',
        after: 'Premium-Modell',
      },
    ]);
    expect(auditValue('units', [{ name: 'A1', priceCents: 3500 }, { name: 'K2' }])).toBe(
      'A1 (35,00 €), K2',
    );
    expect(auditValue('zusatzleistungen', { lagerservice: true, versandservice: false })).toBe(
      'Lagerservice: ja; Versandservice: nein',
    );
  });

  it('shows a coordinate to six decimals, so a small correction is seen', () => {
    expect(auditChanges({ lat: 50.104321, lng: 11.44 }, { lat: 50.104389, lng: 11.44 })).toEqual([
      { field: 'lat', label: 'Breite', before: '50,104321', after: '50,104389' },
    ]);
    expect(auditValue('count', 1234)).toBe('1.234');
  });

  it('lists only what changed when both records exist, every field when one does', () => {
    expect(
      auditChanges({ name: 'A1', standort: 'Eingang' }, { name: 'A1', standort: 'Hinten' }),
    ).toEqual([{ field: 'standort', label: 'Standort', before: 'Eingang', after: 'Hinten' }]);
    expect(auditChanges(null, { question: 'Wann?' })).toEqual([
      { field: 'question', label: 'Frage', before: null, after: 'Wann?' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('shows an unknown field by its key and odd values as they are, never failing', () => {
    expect(auditChanges({ fooBar: 1 }, { fooBar: [1, null, { x: 'y' }] })).toEqual([
      { field: 'fooBar', label: 'fooBar', before: '1', after: '1, –, x: y' },
    ]);
    expect(auditChanges('alt', 42)).toEqual([
      { field: 'value', label: 'Wert', before: 'alt', after: '42' },
    ]);
    expect(auditValue('status', 'irgendwas')).toBe('irgendwas');
    expect(auditAreaLabel('neu-erfunden')).toBe('neu-erfunden');
    expect(auditAreaLabel('mietfach')).toBe('Mietfächer');
  });

  it('puts the dates and keys of older summaries in words', () => {
    expect(
      auditSummary({
        action: 'contract.lifecycle',
        summary: 'Vertragsprüfung für den 2026-11-25 von Hand ausgeführt',
      }),
    ).toBe('Vertragsprüfung für den 25.11.2026 von Hand ausgeführt');
    expect(
      auditSummary({
        action: 'contact.status',
        summary: 'Kontaktanfrage „Honig“ von Karl: Status in_progress',
        after: { status: 'in_progress' },
      }),
    ).toBe('Kontaktanfrage „Honig“ von Karl: Status „in Bearbeitung“');
  });
});
