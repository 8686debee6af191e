import { describe, expect, it } from 'vitest';
import { germanSlug } from './slug';

describe('germanSlug', () => {
  it.each([
    ['Käse & Milch', 'kaese-milch'],
    ['Obst und Gemüse', 'obst-und-gemuese'],
    ['Öle & Essig', 'oele-essig'],
    ['Fleisch/Wurst', 'fleisch-wurst'],
    ['Süßes', 'suesses'],
    ['  Crème brûlée  ', 'creme-brulee'],
    ['ÄÖÜ', 'aeoeue'],
    ['Bio-Eier 2026', 'bio-eier-2026'],
    ['&&&', ''],
  ])('%s → %s', (name, slug) => {
    expect(germanSlug(name)).toBe(slug);
  });

  it('stays within the maximum length without a trailing dash', () => {
    expect(germanSlug('Honig aus dem Frankenwald', 10)).toBe('honig-aus');
  });
});
