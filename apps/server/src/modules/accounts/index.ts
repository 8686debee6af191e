import type { FastifyInstance } from 'fastify';
import { AccountCleanupWorker } from './account-cleanup';
import { accountMailRenderers } from './link-mails';
import { accountsRoutes } from './accounts.routes';
import { findAdminSession, randomSetupCode, setupNeeded } from './admin-accounts.service';
import { adminAuthRoutes } from './admin-auth.routes';
import { findSession } from './sessions.service';
import { accountsMailTemplates } from './mails';

/**
 * Accounts: vendor and admin identities (the admins' management too),
 * sessions, login limits, confirmation and password reset, the vendor as its
 * session sees it (vendorUser, trial and account status), and the hourly
 * cleanup of what expired.
 */
export async function accountsModule(app: FastifyInstance) {
  app.mailTemplates.add(accountsMailTemplates);
  app.access.authenticateWith('vendor', (token) => findSession(app.db, token, 'vendor'));
  app.access.authenticateWith('admin', (token) => findAdminSession(app.db, token));
  // the first admin is created with a setup code: ADMIN_SETUP_CODE, else one made at start
  // and printed to the log while no admin exists (docs/decisions/0015)
  const setupCode = app.config.adminSetupCode ?? randomSetupCode();
  if (!app.config.adminSetupCode && (await setupNeeded(app.db))) {
    app.log.warn(
      `Noch kein Administrator: unter /admin/setup mit dem Einrichtungscode ${setupCode} anlegen (no admin yet: create one at /admin/setup with setup code ${setupCode})`,
    );
  }
  app.outbox.addRenderers(
    accountMailRenderers({
      db: app.db,
      settings: () => app.settings.get(),
      publicUrl: app.config.publicUrl,
    }),
  );
  app.jobs.add('cleanup', new AccountCleanupWorker(app.db, app.log));
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(
    adminAuthRoutes(() => setupCode),
    { prefix: '/api' },
  );
}
