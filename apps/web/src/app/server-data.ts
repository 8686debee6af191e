import type { QueryKey } from '@tanstack/react-query';
import { directoryQueryKey } from '../features/public/directory/api/directory';
import { vendorProfileQueryKey } from '../features/public/directory/api/vendor-profile';
import { apiQueryString, DEFAULT_FILTERS } from '../features/public/directory/directory-filters';
import { AVAILABILITY_QUERY_KEY } from '../features/public/pricing/api/availability';

export type Params = Record<string, string | undefined>;

export interface ServerDataSpec {
  /** The TanStack Query key the page reads the data under. */
  queryKey(params: Params): QueryKey;
  /** Load only for such URLs (e.g. the directory's unfiltered first page). */
  when?(url: URL): boolean;
}

/**
 * Data the server loads before it renders a page, so the page's HTML already
 * contains it (e.g. the FAQs, a producer's profile). A route lists the keys it
 * needs in `handle.serverData`; the server provides a loader per key, called
 * with the route's params. A loader answering `undefined` means "not found":
 * the page is sent with status 404 and loads (and explains) in the browser.
 */
export const SERVER_DATA = {
  faqs: { queryKey: () => ['faqs', 'public'] },
  /** Which unit types have a free unit (the configurator's "derzeit belegt"). */
  availability: { queryKey: () => AVAILABILITY_QUERY_KEY },
  vendorProfile: { queryKey: (params) => vendorProfileQueryKey(params.id) },
  /** The directory without filters, under the key the page uses for it. */
  directoryDefault: {
    queryKey: () => directoryQueryKey(apiQueryString(DEFAULT_FILTERS)),
    when: (url) => url.search === '',
  },
} satisfies Record<string, ServerDataSpec>;

export type ServerDataKey = keyof typeof SERVER_DATA;
export type ServerDataLoaders = Partial<
  Record<ServerDataKey, (params: Params) => Promise<unknown>>
>;

export interface RouteHandle {
  serverData?: ServerDataKey[];
  /** The page's module as the build's manifest names it (src/…), for modulepreload links. */
  module?: string;
}
