import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A background job: polls on its own once started (lib/poller.ts). */
export interface Job {
  start(): void;
  stop(): Promise<void>;
}

export interface JobRunner {
  /** A module's background job, started when the server is ready unless switched off. */
  add(name: string, job: Job): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  /** Jobs switched off by name (tests), e.g. { geocoding: false }. */
  enabled?: Record<string, boolean | undefined>;
}

/**
 * The job runner: the modules' background jobs (geocoding, account cleanup)
 * start when the server is ready and stop, last added first, when it closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    const jobs: { name: string; job: Job }[] = [];
    app.decorate('jobs', { add: (name, job) => void jobs.push({ name, job }) } satisfies JobRunner);
    app.addHook('onReady', async () => {
      for (const { name, job } of jobs) if (options.enabled?.[name] !== false) job.start();
    });
    app.addHook('onClose', async () => {
      for (const { job } of [...jobs].reverse()) await job.stop();
    });
  },
  { name: 'jobs' },
);
