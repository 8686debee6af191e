import type { FastifyInstance } from 'fastify';
import { AccountCleanupWorker } from './account-cleanup';
import { accountMailRenderers } from './account-mails';
import { accountsRoutes } from './accounts.routes';
import { findSession } from './sessions.service';

/**
 * Accounts: vendor identities (admin identities come with the admin area),
 * sessions, login limits, confirmation and password reset, and the hourly
 * cleanup of what expired.
 */
export async function accountsModule(app: FastifyInstance) {
  app.access.authenticateWith('vendor', (token) => findSession(app.db, token, 'vendor'));
  // admins: no sign-in yet, so the 'admin' rule lets nobody in (issue 12 adds it here)
  app.outbox.addRenderers(
    accountMailRenderers({
      db: app.db,
      settings: () => app.settings.get(),
      publicUrl: app.config.publicUrl,
    }),
  );
  app.jobs.add('cleanup', new AccountCleanupWorker(app.db, app.log));
  await app.register(accountsRoutes, { prefix: '/api' });
}
