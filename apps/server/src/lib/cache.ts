/**
 * Keeps the result of `load` for `ttlMs`. Concurrent callers share one load.
 * For data that changes rarely and may be a few seconds old on another
 * instance (public FAQs, settings); a local change calls `invalidate()`.
 */
export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function cached<T>(load: () => Promise<T>, ttlMs: number): Cached<T> {
  let value: T | undefined;
  let loadedAt = 0;
  let pending: Promise<T> | undefined;
  return {
    async get(): Promise<T> {
      if (value !== undefined && Date.now() - loadedAt < ttlMs) return value;
      pending ??= load()
        .then((result) => {
          value = result;
          loadedAt = Date.now();
          return result;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate(): void {
      value = undefined;
      loadedAt = 0;
    },
  };
}
