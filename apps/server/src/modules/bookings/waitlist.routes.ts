import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema, tokenParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  moveWaitlistEntrySchema,
  offerTokenBodySchema,
  offerViewSchema,
  removeWaitlistEntrySchema,
  WAITLIST_MESSAGES,
  waitlistResponseSchema,
  waitlistRunResponseSchema,
  waitlistRunSchema,
} from '@housnkuh/shared/schemas/waitlist';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { InvalidError } from '../../lib/domain-errors';
import { recordAudit } from '../audit/public';
import {
  acceptOffer,
  declineOffer,
  listWaitlist,
  moveEntry,
  offerByToken,
  removeEntry,
  runWaitlist,
} from './waitlist.service';

/**
 * The waiting list (docs/decisions/0074): the admin's list per type (/api/admin/warteliste),
 * and the offer's page for the producer, reached by the link in the offer's mail.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  // a token link: limited like the other links' pages
  const forms = {
    access: 'public',
    rateLimit: { max: app.config.rateLimits.sensitive, timeWindow: '15 minutes' },
  } as const;

  app.get(
    '/admin/warteliste',
    { schema: { response: { 200: waitlistResponseSchema } }, config: admin },
    async () => ({ success: true as const, ...(await listWaitlist(app.db)) }),
  );

  app.post(
    '/admin/warteliste/:id/move',
    {
      schema: {
        params: idParamsSchema,
        body: moveWaitlistEntrySchema,
        response: { 200: messageResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await moveEntry(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body.optionId,
        request.body.direction,
      )),
    }),
  );

  app.post(
    '/admin/warteliste/:id/remove',
    {
      schema: {
        params: idParamsSchema,
        body: removeWaitlistEntrySchema,
        response: { 200: messageResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await removeEntry(app.db, adminActorOf(request), request.params.id, request.body.reason)),
    }),
  );

  app.post(
    '/admin/warteliste/run',
    {
      schema: { body: waitlistRunSchema, response: { 200: waitlistRunResponseSchema } },
      config: admin,
    },
    async (request) => {
      const today = isoDayInBerlin();
      const day = request.body.day ?? today;
      if (day !== today && !app.config.jobDayOverride) {
        throw new InvalidError(WAITLIST_MESSAGES.onlyToday, [
          { field: 'day', message: WAITLIST_MESSAGES.onlyToday },
        ]);
      }
      const result = await runWaitlist(app.db, await app.settings.get(), day);
      await recordAudit(app.db, adminActorOf(request), {
        action: 'waitlist.run',
        entity: 'booking',
        entityId: null,
        summary: `Warteliste für den ${day} von Hand geprüft`,
        after: result,
      });
      return { success: true as const, message: WAITLIST_MESSAGES.run(result), result };
    },
  );

  app.get(
    '/warteliste/angebot/:token',
    {
      schema: { params: tokenParamsSchema, response: { 200: offerViewSchema } },
      config: forms,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, offer: await offerByToken(app.db, request.params.token) };
    },
  );

  app.post(
    '/warteliste/angebot/annehmen',
    {
      schema: { body: offerTokenBodySchema, response: { 200: messageResponseSchema } },
      config: forms,
    },
    async (request) => ({
      success: true,
      ...(await acceptOffer(app.db, await app.settings.get(), request.body.token)),
    }),
  );

  app.post(
    '/warteliste/angebot/ablehnen',
    {
      schema: { body: offerTokenBodySchema, response: { 200: messageResponseSchema } },
      config: forms,
    },
    async (request) => ({ success: true, ...(await declineOffer(app.db, request.body.token)) }),
  );
};
