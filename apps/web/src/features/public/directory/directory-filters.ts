import { VERIFY_STATUSES, type VerifyStatus } from '@housnkuh/shared/catalog';
import {
  DIRECTORY_MAX_PAGE,
  DIRECTORY_MAX_TAGS,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORT_FIELDS,
  SEARCH_MAX_LENGTH,
  TAG_SLUG,
  type DirectorySortField,
} from '@housnkuh/shared/directory';

/**
 * The filter state of the directory (/direktvermarkter/uebersicht). It lives
 * in the address (search, tags, verifyStatus, sortBy, sortOrder, page – the
 * names of the API's parameters), so a filtered list can be shared, survives a
 * reload and follows back and forward. Default values are left out.
 */
export type SortField = DirectorySortField;
export type SortOrder = 'asc' | 'desc';
/** At most this many page-number buttons (spec §9). */
const PAGE_WINDOW = 5;

export interface DirectoryFilters {
  search: string;
  /** Tag slugs; a vendor matches when it has any of them. */
  tags: string[];
  verifyStatus: VerifyStatus | null;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
}

export const DEFAULT_FILTERS: DirectoryFilters = {
  search: '',
  tags: [],
  verifyStatus: null,
  sortBy: 'name',
  sortOrder: 'asc',
  page: 1,
};

/** The choices of the sort select, as 'sortBy-sortOrder'. */
export const SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'name-asc', label: 'Ansprechperson A–Z' },
  { value: 'name-desc', label: 'Ansprechperson Z–A' },
  { value: 'unternehmen-asc', label: 'Unternehmen A–Z' },
  { value: 'unternehmen-desc', label: 'Unternehmen Z–A' },
  { value: 'registrationDate-desc', label: 'Neueste zuerst' },
  { value: 'registrationDate-asc', label: 'Älteste zuerst' },
];

export function sortValue(filters: Pick<DirectoryFilters, 'sortBy' | 'sortOrder'>): string {
  return `${filters.sortBy}-${filters.sortOrder}`;
}

/** A sort field the API knows, else the default. */
function asSortField(value: string | null | undefined): SortField {
  return (DIRECTORY_SORT_FIELDS as readonly string[]).includes(value ?? '')
    ? (value as SortField)
    : DEFAULT_FILTERS.sortBy;
}

export function parseSortValue(value: string): Pick<DirectoryFilters, 'sortBy' | 'sortOrder'> {
  const [field, order] = value.split('-');
  return { sortBy: asSortField(field), sortOrder: order === 'desc' ? 'desc' : 'asc' };
}

/**
 * The filters in an address's query. Values the API would refuse (an unknown
 * status, a page that is not a number …) fall back to the default, so an old
 * or mistyped link still shows a list.
 */
export function parseFilters(params: URLSearchParams): DirectoryFilters {
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const tags = [
    ...new Set(
      (params.get('tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => TAG_SLUG.test(tag)),
    ),
  ].slice(0, DIRECTORY_MAX_TAGS);
  const status = params.get('verifyStatus');
  const verifyStatus = (VERIFY_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as VerifyStatus)
    : null;
  const sortBy = asSortField(params.get('sortBy'));
  const sortOrder: SortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const pageParam = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  return {
    search,
    tags,
    verifyStatus,
    sortBy,
    sortOrder,
    page: page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
  };
}

/** The query for the address: only values that differ from the default, always in one order. */
export function filtersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.tags.length) params.set('tags', filters.tags.join(','));
  if (filters.verifyStatus) params.set('verifyStatus', filters.verifyStatus);
  if (filters.sortBy !== DEFAULT_FILTERS.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.sortOrder !== DEFAULT_FILTERS.sortOrder) params.set('sortOrder', filters.sortOrder);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The API's query for these filters; also the query key, so equal filters
 * share one cache entry (tags sorted: their order does not matter).
 */
export function apiQueryString(filters: DirectoryFilters): string {
  const params = filtersToParams({ ...filters, tags: [...filters.tags].sort() });
  params.set('limit', String(DIRECTORY_PAGE_SIZE));
  return params.toString();
}

/** A filter change; any change other than the page itself goes back to page 1. */
export function changeFilters(
  current: DirectoryFilters,
  change: Partial<DirectoryFilters>,
): DirectoryFilters {
  return { ...current, page: 1, ...change };
}

/** Adds the tag, or removes it when it is already chosen. */
export function toggleTag(tags: readonly string[], slug: string): string[] {
  return tags.includes(slug) ? tags.filter((tag) => tag !== slug) : [...tags, slug];
}

/** True when search, tags or status narrow the list (sort and page do not). */
export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return Boolean(filters.search.trim()) || filters.tags.length > 0 || filters.verifyStatus !== null;
}

/**
 * The page numbers to offer: up to `size` consecutive pages around the
 * current one, shifted at the ends so there are always `size` when possible.
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}

/** Where the directory lives. */
export const OVERVIEW_PATH = '/direktvermarkter/uebersicht';

/** What a profile link carries in its history state: the overview's query it came from. */
export interface FromOverviewState {
  overviewSearch: string;
}

/**
 * The address 'Zurück zur Übersicht' leads to: the overview with the search,
 * filters and page the profile was opened from (the link's history state,
 * which also survives a reload), cleaned like any address; else the overview.
 */
export function overviewHref(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'overviewSearch' in state
      ? (state as FromOverviewState).overviewSearch
      : '';
  if (typeof search !== 'string' || !search) return OVERVIEW_PATH;
  const query = filtersToParams(parseFilters(new URLSearchParams(search))).toString();
  return query ? `${OVERVIEW_PATH}?${query}` : OVERVIEW_PATH;
}
