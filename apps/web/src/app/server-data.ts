import type { QueryKey } from '@tanstack/react-query';

/**
 * Data the server loads before it renders a page, so the page's HTML already
 * contains it (e.g. the FAQs). A route lists the keys it needs in
 * `handle.serverData`; the server provides a loader per key.
 */
export const SERVER_DATA_KEYS = {
  faqs: ['faqs', 'public'],
} as const satisfies Record<string, QueryKey>;

export type ServerDataKey = keyof typeof SERVER_DATA_KEYS;
export type ServerDataLoaders = Partial<Record<ServerDataKey, () => Promise<unknown>>>;

export interface RouteHandle {
  serverData?: ServerDataKey[];
}
