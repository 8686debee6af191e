import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './search';

describe('normalizeForSearch', () => {
  it('folds case, umlauts, ß and their spellings with e', () => {
    const target = normalizeForSearch('Hof Müller');
    for (const query of ['Muller', 'müller', 'MÜLLER', 'Mueller', 'hof  müller']) {
      expect(target.includes(normalizeForSearch(query))).toBe(true);
    }
    expect(normalizeForSearch('Imkerei Größ')).toBe(normalizeForSearch('imkerei groess'));
    expect(normalizeForSearch('Straße')).toBe('strasse');
    expect(normalizeForSearch('Café')).toBe('cafe');
  });

  it('keeps characters that mean something in patterns as they are', () => {
    expect(normalizeForSearch('50%_a.*')).toBe('50%_a.*');
  });
});
