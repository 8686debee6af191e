import type { FastifyBaseLogger } from 'fastify';
/**
 * Runs `runBatch` in the background: at start, every `pollMs` after the last
 * run, and at once on `kick()`. `runBatch` answers whether more work may be
 * due; then it runs again right away. Runs never overlap; a kick during a run
 * asks for one more. Used by the mail outbox and the geocoding worker.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly runBatch: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Asks for a run now, e.g. right after a transaction that queued work. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.loop();
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.runBatch())) {
            // more may be due
          }
        } catch (error) {
          this.onError(error);
        }
      } while (this.again && !this.stopped);
    })();
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.pollMs);
  }
}

/**
 * A module's periodic job (the waiting list, the contracts' day, the restock mails, the account
 * clean-up): `run` at start, every `pollMs` after the last run and on `kick()`, a failure logged
 * with `failure`; started and stopped with the app's jobs. The workers that drain a queue (the
 * outbox, geocoding, the sales import) use Poller itself.
 */
export class PollingJob {
  private readonly poller: Poller;

  constructor(run: () => Promise<void>, pollMs: number, log: FastifyBaseLogger, failure: string) {
    this.poller = new Poller(
      async () => {
        await run();
        return false;
      },
      pollMs,
      (error) => log.error({ err: error }, failure),
    );
  }

  start(): void {
    this.poller.start();
  }

  /** Stops and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.poller.stop();
  }

  /** A run now (its wake channel was signalled). */
  kick(): void {
    this.poller.kick();
  }
}
