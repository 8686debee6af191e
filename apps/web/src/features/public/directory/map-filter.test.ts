import { DIRECTORY_MAX_LIMIT } from '@housnkuh/shared/directory';
import { describe, expect, it } from 'vitest';
import { filterMapVendors, GERMANY_CENTER, MAP_VENDOR_LIMIT, mapViewFor } from './map-filter';
import { tag, vendor } from './test-fixtures';

const vendors = [
  vendor({ id: '1', name: 'Anna Müller', unternehmen: 'Hof Müller' }),
  vendor({
    id: '2',
    name: 'Peter Groß',
    unternehmen: 'Imkerei Groß',
    adresse: { ...vendor({ id: 'x' }).adresse, ort: 'Wallenfels' },
    tags: [tag('honig', 'Honig')],
  }),
  vendor({
    id: '3',
    name: 'Eva Schäfer',
    unternehmen: null,
    adresse: { ...vendor({ id: 'x' }).adresse, ort: 'Küps' },
    tags: [tag('handwerk', 'Handwerk'), tag('honig', 'Honig')],
  }),
];
const ids = (list: { id: string }[]) => list.map((v) => v.id);

describe('map search and categories', () => {
  it('finds by name, company or town, ignoring case and umlaut spellings', () => {
    expect(ids(filterMapVendors(vendors, '', new Set()))).toEqual(['1', '2', '3']);
    expect(ids(filterMapVendors(vendors, 'mueller', new Set()))).toEqual(['1']);
    expect(ids(filterMapVendors(vendors, 'MÜLLER', new Set()))).toEqual(['1']);
    expect(ids(filterMapVendors(vendors, 'gross', new Set()))).toEqual(['2']);
    expect(ids(filterMapVendors(vendors, 'wallenfels', new Set()))).toEqual(['2']);
    expect(ids(filterMapVendors(vendors, 'kups', new Set()))).toEqual(['3']);
    expect(ids(filterMapVendors(vendors, 'Schaefer', new Set()))).toEqual(['3']);
    expect(ids(filterMapVendors(vendors, 'Bäckerei', new Set()))).toEqual([]);
  });

  it('matches any of the chosen categories by tag slug, combined with the search', () => {
    expect(ids(filterMapVendors(vendors, '', new Set(['honig'])))).toEqual(['2', '3']);
    expect(ids(filterMapVendors(vendors, '', new Set(['eier', 'handwerk'])))).toEqual(['1', '3']);
    expect(ids(filterMapVendors(vendors, 'küps', new Set(['honig'])))).toEqual(['3']);
    expect(ids(filterMapVendors(vendors, '', new Set(['wein-spirituosen'])))).toEqual([]);
  });
});

describe('map view', () => {
  it('shows Germany at zoom 6 without markers', () => {
    expect(mapViewFor([])).toEqual({ center: GERMANY_CENTER, zoom: 6 });
    expect(GERMANY_CENTER).toEqual({ lat: 51.1657, lng: 10.4515 });
  });

  it('centres the one marker at zoom 13', () => {
    expect(mapViewFor([{ lat: 50.2, lng: 11.3 }])).toEqual({
      center: { lat: 50.2, lng: 11.3 },
      zoom: 13,
    });
  });

  it('fits several markers with padding 20, starting from zoom 10', () => {
    expect(
      mapViewFor([
        { lat: 50, lng: 11 },
        { lat: 51, lng: 12 },
      ]),
    ).toEqual({ center: { lat: 50.5, lng: 11.5 }, zoom: 10, fitBoundsPadding: 20 });
  });

  it('loads as many producers as the API allows in one request', () => {
    expect(MAP_VENDOR_LIMIT).toBe(DIRECTORY_MAX_LIMIT);
  });
});
