import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { isSharedDatabase } from '../../db/client';
import { claimLease } from '../../lib/leases';
import { PollingJob } from '../../lib/poller';
import { carryOutWaitingDeletions } from './deletion.service';

/** How often waiting deletions are tried again (and once at start). */
export const DELETIONS_EVERY_MS = 60 * 60_000;

/** The lease of the deletion job (job_leases): one instance per period. */
export const DELETIONS_LEASE = 'deletions';

/** The hourly job that carries out the deletions that waited for something open. */
export class DeletionWorker extends PollingJob {
  constructor(
    db: Database,
    settings: () => Promise<SiteSettings>,
    log: FastifyBaseLogger,
    pollMs = DELETIONS_EVERY_MS,
  ) {
    super(
      async () => {
        if (isSharedDatabase(db) && !(await claimLease(db, DELETIONS_LEASE, pollMs * 0.9))) return;
        const done = await carryOutWaitingDeletions({ db, settings: await settings() }, (id, err) =>
          log.error({ err, vendorId: id }, 'an account deletion failed'),
        );
        if (done > 0) log.info({ done }, 'requested account deletions carried out');
      },
      pollMs,
      log,
      'account deletions failed',
    );
  }
}
