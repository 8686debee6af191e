/**
 * Limits of the directory query (GET /api/vendor-auth/public/profiles), for
 * its schema and for the directory page. No zod: pages import it.
 */
export const DIRECTORY_SORT_FIELDS = ['name', 'unternehmen', 'registrationDate'] as const;
export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];
export const REGISTRATION_STATUSES = ['preregistered', 'trial', 'active'] as const;
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_MAX_LIMIT = 100;
export const DIRECTORY_MAX_PAGE = 100_000;
/**
 * The directory counts its matches exactly up to this many (past the page asked for, if that
 * lies deeper); beyond it the answer says "more than" (docs/decisions "directory at 10,000").
 */
export const DIRECTORY_COUNT_CAP = 1000;
export const SEARCH_MAX_LENGTH = 100;
/** A product tag's slug, e.g. 'obst-gemuese'. */
export const TAG_SLUG = /^[a-z0-9-]{1,60}$/;
export const DIRECTORY_MAX_TAGS = 20;
