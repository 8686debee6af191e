/**
 * Orders ids (lower-case UUIDs) as PostgreSQL orders the uuid type: by their characters' code
 * points, not by the locale. Rows that several writers lock are locked in this order everywhere
 * (a till delivery's products, a count's products and balances), so no two writers wait for
 * each other crosswise.
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
