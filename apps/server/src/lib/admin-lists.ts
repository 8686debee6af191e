/** What every admin list shares: its page numbers and its search pattern. */

/** The `pagination` of a list's answer. */
export function pageOf(query: { page: number; limit: number }, totalCount: number) {
  return {
    page: query.page,
    limit: query.limit,
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / query.limit)),
  };
}

/** `%text%` for ILIKE, with the pattern's own characters (%, _, \) taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
