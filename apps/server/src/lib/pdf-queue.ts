// PDFs are rendered one or two at a time (issue 30, item 17; docs/decisions/0042): pdfkit
// draws on the event loop, so eight big label PDFs at once stalled every other request for
// seconds. Renders wait here in order; a long one yields to the event loop between its pages
// (yieldToEventLoop), so /api/health and the other requests are answered meanwhile. A queue too
// long is refused (429) instead of piling up memory. Identical label requests share one
// rendering and its bounded cache (RenderCache).
import { createHash } from 'node:crypto';

/** Gives the event loop a turn (I/O, timers, other requests) before the caller goes on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class QueueFullError extends Error {}

/** Runs at most `concurrency` tasks at once, the others in order of arrival. */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    /** More waiting than this: refused (QueueFullError). */
    private readonly maxWaiting: number,
  ) {}

  /** How many tasks run and wait now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError('render queue full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // the slot passes on to the next task (running stays the same), or is freed
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The server's PDF renders (labels, documents): two at a time, at most 50 waiting. */
export const pdfQueue = new RenderQueue(2, 50);

/**
 * A bounded cache of rendered PDFs by a key of everything they show: at most `maxEntries`
 * and `maxBytes`, the least recently used dropped first. Concurrent requests for the same key
 * share one rendering.
 */
export class RenderCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** A stable key of a JSON-able value (its SHA-256). */
  static keyOf(value: unknown): string {
    return createHash('sha256').update(JSON.stringify(value)).digest('hex');
  }

  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // most recently used: to the end of the map's order
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const promise = render()
      .then((pdf) => {
        this.store(key, pdf);
        return pdf;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private store(key: string, pdf: Buffer) {
    if (pdf.length > this.maxBytes) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
