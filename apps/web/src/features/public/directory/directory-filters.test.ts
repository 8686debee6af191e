import { SEARCH_MAX_LENGTH } from '@housnkuh/shared/directory';
import { directoryQuerySchema } from '@housnkuh/shared/schemas/directory';
import { describe, expect, it } from 'vitest';
import {
  apiQueryString,
  changeFilters,
  DEFAULT_FILTERS,
  filtersToParams,
  hasActiveFilters,
  overviewHref,
  pageWindow,
  parseFilters,
  parseSortValue,
  SORT_OPTIONS,
  sortValue,
  toggleTag,
} from './directory-filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('directory filters in the address', () => {
  it('reads every parameter under the API names', () => {
    expect(
      parse(
        'search=honig&tags=honig,eier&verifyStatus=pending&sortBy=registrationDate&sortOrder=desc&page=3',
      ),
    ).toEqual({
      search: 'honig',
      tags: ['honig', 'eier'],
      verifyStatus: 'pending',
      sortBy: 'registrationDate',
      sortOrder: 'desc',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or unusable values', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(
      parse('verifyStatus=maybe&sortBy=price&sortOrder=up&page=0&tags=,Honig!,eier,eier'),
    ).toEqual({ ...DEFAULT_FILTERS, tags: ['eier'] });
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse(`search=${'x'.repeat(150)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
    expect(parse('search=%20%20honig%20').search).toBe('honig');
  });

  it('writes only values that differ from the default', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, search: '   ' }).toString()).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, sortOrder: 'desc' }).toString()).toBe(
      'sortOrder=desc',
    );
    expect(
      filtersToParams({
        search: 'Müller',
        tags: ['eier', 'honig'],
        verifyStatus: 'verified',
        sortBy: 'unternehmen',
        sortOrder: 'asc',
        page: 2,
      }).toString(),
    ).toBe('search=M%C3%BCller&tags=eier%2Chonig&verifyStatus=verified&sortBy=unternehmen&page=2');
  });

  it('survives the round trip through the address', () => {
    const filters = {
      search: 'Hof Müller',
      tags: ['eier'],
      verifyStatus: 'unverified' as const,
      sortBy: 'registrationDate' as const,
      sortOrder: 'desc' as const,
      page: 4,
    };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
  });

  it('builds one canonical API query per set of filters', () => {
    expect(apiQueryString(DEFAULT_FILTERS)).toBe('limit=20');
    const a = apiQueryString({ ...DEFAULT_FILTERS, tags: ['honig', 'eier'], page: 2 });
    const b = apiQueryString({ ...DEFAULT_FILTERS, tags: ['eier', 'honig'], page: 2 });
    expect(a).toBe(b);
    expect(a).toBe('tags=eier%2Chonig&page=2&limit=20');
  });

  it('sends only queries the API accepts', () => {
    const query = apiQueryString(
      parse('search=a&tags=honig&verifyStatus=verified&sortBy=name&sortOrder=desc&page=2'),
    );
    expect(
      directoryQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query))).success,
    ).toBe(true);
  });

  it('goes back to page 1 when a filter changes, but not when the page does', () => {
    const current = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilters(current, { verifyStatus: 'verified' }).page).toBe(1);
    expect(changeFilters(current, { tags: ['eier'] }).page).toBe(1);
    expect(changeFilters(current, { page: 4 }).page).toBe(4);
  });

  it('toggles tags and knows when the list is narrowed', () => {
    expect(toggleTag(['eier'], 'honig')).toEqual(['eier', 'honig']);
    expect(toggleTag(['eier', 'honig'], 'eier')).toEqual(['honig']);
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sortOrder: 'desc', page: 2 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, tags: ['eier'] })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, verifyStatus: 'pending' })).toBe(true);
  });

  it('maps the sort choices to sortBy and sortOrder', () => {
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual([
      'Ansprechperson A–Z',
      'Ansprechperson Z–A',
      'Unternehmen A–Z',
      'Unternehmen Z–A',
      'Neueste zuerst',
      'Älteste zuerst',
    ]);
    expect(parseSortValue('registrationDate-desc')).toEqual({
      sortBy: 'registrationDate',
      sortOrder: 'desc',
    });
    expect(parseSortValue('nonsense')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    for (const option of SORT_OPTIONS)
      expect(sortValue(parseSortValue(option.value))).toBe(option.value);
  });
});

describe('page window', () => {
  it('offers up to 5 pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('copes with pages out of range and no pages at all', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-1, 7)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('overviewHref', () => {
  it('leads back to the list with the query the profile was opened from, cleaned', () => {
    expect(overviewHref({ overviewSearch: '?search=kronach&tags=eier&page=2' })).toBe(
      '/direktvermarkter/uebersicht?search=kronach&tags=eier&page=2',
    );
    expect(overviewHref({ overviewSearch: '?verifyStatus=evil&foo=<x>' })).toBe(
      '/direktvermarkter/uebersicht',
    );
  });

  it('leads to the whole list without such a state', () => {
    for (const state of [null, undefined, 'x', {}, { overviewSearch: 3 }, { overviewSearch: '' }]) {
      expect(overviewHref(state)).toBe('/direktvermarkter/uebersicht');
    }
  });
});
