const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be one of our ids. Anything else is "not
 * found" without asking the database, which would fail on a malformed uuid.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
