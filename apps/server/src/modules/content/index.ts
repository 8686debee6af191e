import type { Faq } from '@housnkuh/shared/schemas/faq';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cached, type Cached } from '../../lib/cache';
import { adminFaqRoutes } from './admin-faq.routes';
import { adminSettingsRoutes, contentRoutes } from './content.routes';
import { listPublicFaqs, withOpeningPhase } from './faqs.service';
import { seoRoutes } from './seo.routes';
import { SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings (opening date, contact data, contest …), read at most every few seconds. */
    settings: SettingsService;
    publicFaqs: Cached<Faq[]>;
  }
}

/** Content: site settings, FAQs, robots.txt and the sitemap. */
export const contentModule = fp(
  async (app: FastifyInstance) => {
    const settings = new SettingsService(app.db);
    await settings.reload();
    /** FAQs change rarely; every instance reads them at most every few seconds. */
    const storedFaqs = cached(() => listPublicFaqs(app.db), 5_000);
    /** Filled on every read: the opening date may change while the list is cached. */
    const publicFaqs: Cached<Faq[]> = {
      get: async () => withOpeningPhase(await storedFaqs.get(), (await settings.get()).openingDate),
      invalidate: () => storedFaqs.invalidate(),
    };
    app.decorate('settings', settings);
    app.decorate('publicFaqs', publicFaqs);
    app.pages.addLoader('faqs', () => publicFaqs.get());

    await app.register(contentRoutes, { prefix: '/api' });
    await app.register(adminSettingsRoutes, { prefix: '/api' });
    await app.register(adminFaqRoutes, { prefix: '/api' });
    await app.register(seoRoutes);
  },
  { name: 'content', dependencies: ['db', 'web'] },
);
