import { describe, expect, it } from 'vitest';
import { tag, vendor } from './test-fixtures';
import {
  displayName,
  displayUrl,
  geocodableAddress,
  imageSrcSet,
  imageVariant,
  needsGeocoding,
  paragraphs,
  safeColor,
  safeWebUrl,
  socialUrl,
  visibleTags,
} from './vendor-format';

describe('vendor display helpers', () => {
  it('shows the company, else the name', () => {
    expect(displayName({ name: 'Anna', unternehmen: 'Hof' })).toBe('Hof');
    expect(displayName({ name: 'Anna', unternehmen: null })).toBe('Anna');
    expect(displayName({ name: 'Anna', unternehmen: '  ' })).toBe('Anna');
  });

  it('geocodes only producers without coordinates that have an address', () => {
    const base = vendor({ id: '1' });
    expect(needsGeocoding(base)).toBe(false);
    const zero = { ...base, adresse: { ...base.adresse, koordinaten: { lat: 0, lng: 0 } } };
    expect(needsGeocoding(zero)).toBe(true);
    expect(geocodableAddress(zero)).toBe('Hauptstraße 3, 96317 Kronach');
    const none = { ...base, adresse: { ...base.adresse, koordinaten: null } };
    expect(needsGeocoding(none)).toBe(true);
    const nowhere = {
      adresse: { strasse: null, hausnummer: null, plz: null, ort: null, koordinaten: null },
    };
    expect(needsGeocoding(nowhere)).toBe(false);
    expect(geocodableAddress(nowhere)).toBeNull();
  });

  it('offers the other widths of a stored picture', () => {
    const profile = '/api/images/11111111-2222-3333-4444-555555555555/192';
    expect(imageVariant(profile, 384)).toBe('/api/images/11111111-2222-3333-4444-555555555555/384');
    expect(imageSrcSet(profile, [96, 192])).toBe(
      '/api/images/11111111-2222-3333-4444-555555555555/96 96w, /api/images/11111111-2222-3333-4444-555555555555/192 192w',
    );
    expect(imageVariant('https://example.com/a.jpg', 96)).toBe('https://example.com/a.jpg');
    expect(imageSrcSet('https://example.com/a.jpg', [96])).toBeUndefined();
  });

  it('links only to web addresses', () => {
    expect(safeWebUrl('https://hof.example/')).toBe('https://hof.example/');
    expect(safeWebUrl('www.hof.example')).toBe('https://www.hof.example/');
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('mailto:a@b.de')).toBeNull();
    expect(safeWebUrl('')).toBeNull();
    expect(safeWebUrl(null)).toBeNull();
    expect(safeWebUrl('kein link')).toBeNull();
    expect(displayUrl('https://www.hof.example/')).toBe('www.hof.example');
    expect(displayUrl('https://www.hof.example/laden/')).toBe('www.hof.example/laden');
  });

  it('takes social links as given, and bare handles on the network', () => {
    expect(socialUrl('https://www.instagram.com/hof', 'instagram')).toBe(
      'https://www.instagram.com/hof',
    );
    expect(socialUrl('@hof_mueller', 'instagram')).toBe('https://www.instagram.com/hof_mueller');
    expect(socialUrl('hofmueller', 'facebook')).toBe('https://www.facebook.com/hofmueller');
    expect(socialUrl('javascript:alert(1)', 'facebook')).toBeNull();
    expect(socialUrl(null, 'facebook')).toBeNull();
  });

  it('splits a description into paragraphs at blank lines', () => {
    expect(paragraphs('Eins.\n\nZwei,\nnoch zwei.\r\n\r\n\n Drei. ')).toEqual([
      'Eins.',
      'Zwei,\nnoch zwei.',
      'Drei.',
    ]);
    expect(paragraphs(null)).toEqual([]);
    expect(paragraphs('  ')).toEqual([]);
  });

  it('shows the first tags and counts the rest', () => {
    const tags = ['a', 'b', 'c', 'd', 'e'].map((slug) => tag(slug, slug.toUpperCase()));
    expect(visibleTags(tags, 3)).toEqual({ shown: tags.slice(0, 3), rest: 2 });
    expect(visibleTags(tags.slice(0, 2), 3)).toEqual({ shown: tags.slice(0, 2), rest: 0 });
  });

  it('uses only plain hex colours in style attributes', () => {
    expect(safeColor('#2f7d32')).toBe('#2f7d32');
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('red; background: url(x)')).toBeNull();
    expect(safeColor(null)).toBeNull();
  });
});
