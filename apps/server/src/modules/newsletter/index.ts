import type { FastifyInstance } from 'fastify';
import { newsletterAdminRoutes } from './newsletter-admin.routes';
import { newsletterRoutes } from './newsletter.routes';
import { newsletterMailRenderers } from './newsletter.service';
import { newsletterMailTemplates } from './mails';

/** The newsletter: double opt-in sign-up with the consent kept. */
export async function newsletterModule(app: FastifyInstance) {
  app.mailTemplates.add(newsletterMailTemplates);
  app.outbox.addRenderers(
    newsletterMailRenderers({
      db: app.db,
      settings: () => app.settings.get(),
      publicUrl: app.config.publicUrl,
    }),
  );
  await app.register(newsletterRoutes, { prefix: '/api' });
  await app.register(newsletterAdminRoutes, { prefix: '/api' });
}
