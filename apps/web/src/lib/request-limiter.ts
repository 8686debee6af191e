import { ERRORS } from '@housnkuh/shared/messages';

export class ClientRateLimitError extends Error {
  constructor() {
    super(ERRORS.clientRateLimit);
    this.name = 'ClientRateLimitError';
  }
}

/**
 * Spec §7: some calls run at most once per interval per key; a call made while
 * the same one is still running shares its result instead of going out again.
 */
export class RequestLimiter {
  private readonly last = new Map<string, number>();
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly intervalMs = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const inFlight = this.running.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const last = this.last.get(key);
    if (last !== undefined && this.now() - last < this.intervalMs) {
      return Promise.reject(new ClientRateLimitError());
    }
    this.last.set(key, this.now());
    const promise = call().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }
}
